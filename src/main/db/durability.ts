/**
 * Durability per table (docs/api.md "Durability"). The user database runs WAL with synchronous = NORMAL: a commit
 * survives a crash of the process, but an OS crash or power cut can lose the last commits before the next checkpoint.
 * That is right for most tables (webhook outbox and log, saved tool results, insights, conversations: each can be made
 * again or is a log), not for API keys (a lost revocation revives a key; a lost creation loses a key shown once) and
 * imported documents (the user's own library, acknowledged as stored). Their writes run with synchronous = FULL, which
 * syncs the WAL at commit.
 */
import type { Db } from './connection.ts';

export function durably<T>(db: Db, write: () => T): T {
  // Inside a transaction the setting would not change how it commits: the caller that opened it wraps it instead.
  if (db.inTransaction) return write();
  db.pragma('synchronous = FULL');
  try {
    return write();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}
