import { describe, expect, it } from 'vitest';
import { animalScopeNote, animalSwallowed } from './animals.ts';

describe("a question about an animal's own medicine", () => {
  it.each([
    ['our cat is on methimazole from the vet, can I crush it into her food?', /vet/],
    ['the vet gave Rimadyl for my spaniel, is it ok with his other tablets?', /vet/],
    ['Mi perro toma Apoquel, ¿se lo puedo dar con comida?', /veterinario/],
    ['Unser Hund bekommt Vetmedin vom Tierarzt, darf das ins Futter?', /Tierarzt/],
  ])('%s', (q, says) => {
    expect(animalScopeNote(q)).toMatch(says);
  });

  it.each([
    'the cat scratched me, can I take ibuprofen?',
    'my lab results show a low potassium on furosemide',
    'is a PET scan safe with metformin?',
    'can I take cetirizine for my cat allergy?',
  ])('not about an animal patient: %s', (q) => {
    expect(animalScopeNote(q)).toBeNull();
  });
});

describe('a pet that swallowed a human medicine (emerg8)', () => {
  it.each([
    ['our spaniel chewed through a blister of my naproxen', true],
    ['mon chat a leche du paracetamol tombe par terre', true],
    ['unser hund hat 4 tabletten ibuprofen gefressen', true],
    ['my puppy swallowed 20 of my paracetamol', true],
    ['our cat is on methimazole from the vet, can i crush it into her food?', false],
    ['the cat scratched me, can i take ibuprofen?', false],
  ])('%s', (q, yes) => {
    expect(animalSwallowed(q, true)).toBe(yes);
  });
});
