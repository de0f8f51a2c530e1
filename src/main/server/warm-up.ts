/**
 * The warm-up at start, so the first question costs what the others do: the chat path is rehearsed at once
 * (src/main/chat/rehearsal.ts), not awaited by the start; when the embedding model is ready, the triage's meaning
 * exemplars are embedded and the path is rehearsed again with the query embedding. Stopping waits only for the step in
 * flight (never for the index), so a shutdown is not held up by a model still loading. Its steps are synchronous work:
 * a request arriving during one waits for it (on a machine at load 19 a step took 11-24 s, long enough for a request
 * mid-body to hit the 10 s body deadline), so only `npm start` and the desktop app ask for the rehearsal
 * (StartOptions.warmUp); tests that start a server and call it at once do not.
 */
import type { ChatService } from '../chat/service.ts';
import type { Log } from '../http/log.ts';

export interface WarmUp {
  /** Settles when the warm-up is done or stopped; never rejects. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** `rehearse: false` keeps only the meaning exemplars once the model is ready (what a start did before the rehearsal). */
export function startWarmUp(
  chat: ChatService,
  indexing: Promise<void>,
  modelLoaded: () => boolean,
  log: Log,
  rehearse: boolean,
): WarmUp {
  let stopped = false;
  let step: Promise<unknown> = Promise.resolve();
  const run = (f: () => Promise<unknown>) => (step = stopped ? Promise.resolve() : f());
  const done = (rehearse ? run(() => chat.rehearse(() => stopped)) : Promise.resolve())
    .then(() => indexing)
    .then(() => run(() => chat.warm()))
    .then(() => (rehearse && modelLoaded() ? run(() => chat.rehearse(() => stopped)) : undefined))
    .then(
      () => undefined,
      (err: unknown) => {
        if (!stopped) log('the warm-up at start failed', err);
      },
    );
  return {
    done,
    stop: async () => {
      stopped = true;
      await step.catch(() => undefined);
    },
  };
}
