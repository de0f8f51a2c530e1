import { describe, expect, it } from 'vitest';
import { parseAge, parseWeeklyRate, parseWeight } from './parse.ts';

describe('reading a macros question in any word order', () => {
  const cases: [string, { weight: number; unit: string; rate: number | null; age: number | null }][] = [
    [
      "How many calories should I eat to lose 0.5 kg a week? I'm a 30 year old man, 90 kg, 180 cm, moderately active",
      { weight: 90, unit: 'kg', rate: 0.5, age: 30 },
    ],
    [
      "I'm 180 cm and 90 kg, male, 30, moderately active: I want to lose 0.5 kg per week",
      { weight: 90, unit: 'kg', rate: 0.5, age: 30 },
    ],
    ['Lose 1 lb a week: female 45, 154 lb, 5 ft 5', { weight: 154, unit: 'lb', rate: 0.454, age: 45 }],
    [
      'I want to get down to 70 kg; I weigh 82 kg, 41 years old, losing 2 kg a month',
      { weight: 82, unit: 'kg', rate: 0.462, age: 41 },
    ],
    ['30 M, 75kg, maintain', { weight: 75, unit: 'kg', rate: null, age: 30 }],
  ];
  for (const [text, want] of cases) {
    it(text, () => {
      expect(parseWeight(text)).toEqual({ value: want.weight, unit: want.unit });
      expect(parseWeeklyRate(text)).toBe(want.rate);
      expect(parseAge(text)).toBe(want.age);
    });
  }
});
