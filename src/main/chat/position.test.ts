import { describe, expect, it } from 'vitest';
import { conclusionOf, positionOf } from './position.ts';

describe('positionOf: the yes / no / maybe position of a conclusion', () => {
  it.each([
    ['Laparoscopic resection reduced complications and shortened hospital stay.', 'yes'],
    ['There was no significant difference in mortality between the groups.', 'no'],
    ['Statin use was not associated with a lower risk of fracture.', 'no'],
    ['The intervention failed to improve quality of life.', 'no'],
    ['Outcomes were comparable with both techniques.', 'no'],
    ['The role of screening remains unclear.', 'maybe'],
    ['The drug may reduce pain; further randomised trials are needed to confirm this.', 'maybe'],
    ['Vaccines were exposed to temperatures that may reduce their potency.', 'yes'],
  ] as const)('%s → %s', (text, want) => {
    expect(positionOf(text)).toBe(want);
  });

  it('reads the conclusion section of an abstract, else its last two sentences', () => {
    expect(conclusionOf('OBJECTIVE: To test. RESULTS: Fewer events. CONCLUSIONS: It works well.')).toBe(
      'It works well.',
    );
    expect(conclusionOf('Background: x. Methods: y. Conclusions: Z helps.')).toBe('Z helps.');
    expect(conclusionOf('First. Second sentence. Third sentence.')).toBe('Second sentence. Third sentence.');
  });
});
