/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h (a stretched exponential
 * schedule, as Standard Webhooks senders use), each delay lengthened by up to 10 % of random jitter so that endpoints
 * coming back from an outage are not hit by every queued delivery at the same instant. After the last retry fails the
 * delivery is failed and its endpoint disabled.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000,
];

/** The first try plus one per retry. */
export const MAX_EVENT_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER = 0.1;

/** Delay before the next try after `failedAttempts` failures (1 = the first try failed); null when none is left. */
export function retryDelay(failedAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + JITTER * Math.min(Math.max(random(), 0), 1)));
}
