import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.ts';

/**
 * A statement prepared once per SQL text. On hot paths (a search runs a dozen small look-ups) preparing costs as much
 * as running them.
 */
export function statementCache(db: Db): <P extends unknown[] = unknown[], R = unknown>(sql: string) => Statement<P, R> {
  const cache = new Map<string, Statement>();
  return <P extends unknown[], R>(sql: string) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s as unknown as Statement<P, R>;
  };
}
