/**
 * A rehearsal of the chat path: turns prepared and thrown away (never stored, no language model called, nothing sent
 * anywhere), so the first real question does not pay for what its path builds on first use. Profiled 2026-11-29 (no
 * model): most of a first turn is the triage's pattern tables (declines, signals), then the tokenizer's tables, the
 * vocabulary's name indexes and the agents' look-ups; with the model, also the query embedding. That work is
 * synchronous, so the rehearsal yields to the event loop before each step: a request that arrives meanwhile waits for
 * one step at most, never for the whole rehearsal. One question reaches the record agents, one the interaction checker.
 */
import type { TurnRequest } from './orchestrator.ts';
import { countTokens } from './tokenizer.ts';

export const REHEARSAL_QUESTIONS = [
  'What are the side effects of metformin?',
  'Is it safe to take ibuprofen with lisinopril?',
] as const;

const nextTurnOfTheLoop = () => new Promise<void>((ok) => setImmediate(ok));

/** Runs each step in its own turn of the event loop; stops between steps once `stopped()` says so (shutdown). */
export async function rehearse(prepare: (req: TurnRequest) => Promise<unknown>, stopped: () => boolean): Promise<void> {
  const steps = [
    () => countTokens('warm-up'),
    ...REHEARSAL_QUESTIONS.map((content) => () => prepare({ messages: [{ role: 'user', content }], max_tokens: 256 })),
  ];
  for (const step of steps) {
    await nextTurnOfTheLoop();
    if (stopped()) return;
    await step();
  }
}
