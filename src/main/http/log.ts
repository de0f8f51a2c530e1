/**
 * Error logging with a fixed format. Request text (a path with `%ff` in it) is only ever an argument, never the format
 * string, so it prints as sent and the error object after it is never consumed by a stray `%` directive.
 */
import { inspect } from 'node:util';

export type Log = (msg: string, err?: unknown) => void;

export function formatLogLine(msg: string, err?: unknown): string {
  return err === undefined ? msg : `${msg} ${inspect(err, { depth: 4, breakLength: Infinity })}`;
}

export const stderrLog: Log = (msg, err) => {
  process.stderr.write(`${formatLogLine(msg, err)}\n`);
};
