import { describe, expect, it } from 'vitest';
import { animalScopeNote } from './animals.ts';

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
