import { isBusy } from '../db/busy.ts';
import type { Db } from '../db/connection.ts';
import { durably } from '../db/durability.ts';
import { SCOPES, type Scope } from '../../shared/enums.ts';
import { generateKey, hashSecret, keyPrefix, parseKey, secretMatches } from './key-format.ts';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The key that created this one through the API; null for keys made at start. */
  created_by: string | null;
}

interface Row extends Omit<ApiKeyRecord, 'scopes'> {
  scopes: string;
  secret_hash: Buffer;
}

const toRecord = ({ secret_hash: _hash, scopes, ...rest }: Row): ApiKeyRecord => ({
  ...rest,
  scopes: JSON.parse(scopes) as Scope[],
});

export type KeyCheck =
  { ok: true; key: ApiKeyRecord } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' };

export class KeyStore {
  /** last_used_at is written at most once a minute per key (a hot key must not turn every read into a write). */
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  create(
    name: string,
    scopes: readonly Scope[],
    opts: { expiresAt?: string | null; createdBy?: string | null } = {},
  ): { key: string; record: ApiKeyRecord } {
    const { id, secret, key } = generateKey();
    this.insert(id, secret, name, scopes, opts.expiresAt ?? null, opts.createdBy ?? null);
    return { key, record: this.get(id)! };
  }

  /** Registers a key chosen by the operator (MATERIA_API_KEY); re-registering the same key is a no-op. */
  register(key: string, name: string, scopes: readonly Scope[]): ApiKeyRecord {
    const parsed = parseKey(key);
    if (!parsed)
      throw new Error(
        'MATERIA_API_KEY must look like mk_<id>_<secret> (id: 6-32 letters or digits; secret: 16-128 of A-Z a-z 0-9 _ -)',
      );
    const existing = this.db.prepare<[string], Row>('SELECT * FROM api_keys WHERE id = ?').get(parsed.id);
    if (existing) {
      if (!secretMatches(parsed.secret, existing.secret_hash))
        throw new Error(`MATERIA_API_KEY reuses the id of another key (${parsed.id}); pick another id`);
      durably(this.db, () =>
        this.db
          .prepare('UPDATE api_keys SET revoked_at = NULL, scopes = ? WHERE id = ?')
          .run(JSON.stringify(scopes), parsed.id),
      );
      return this.get(parsed.id)!;
    }
    this.insert(parsed.id, parsed.secret, name, scopes, null, null);
    return this.get(parsed.id)!;
  }

  private insert(
    id: string,
    secret: string,
    name: string,
    scopes: readonly Scope[],
    expiresAt: string | null,
    createdBy: string | null,
  ) {
    const ordered = SCOPES.filter((s) => scopes.includes(s));
    durably(this.db, () =>
      this.db
        .prepare(
          `INSERT INTO api_keys (id, name, prefix, secret_hash, scopes, created_at, expires_at, created_by)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          name,
          keyPrefix(id),
          hashSecret(secret),
          JSON.stringify(ordered),
          new Date(this.now()).toISOString(),
          expiresAt,
          createdBy,
        ),
    );
  }

  get(id: string): ApiKeyRecord | null {
    const row = this.db.prepare<[string], Row>('SELECT * FROM api_keys WHERE id = ?').get(id);
    return row ? toRecord(row) : null;
  }

  list(): ApiKeyRecord[] {
    return this.db.prepare<[], Row>('SELECT * FROM api_keys ORDER BY created_at, id').all().map(toRecord);
  }

  /** A page of keys, newest first (GET /v1/api-keys). */
  page(opts: { includeRevoked: boolean; limit: number; offset: number }): { total: number; items: ApiKeyRecord[] } {
    const where = opts.includeRevoked ? '' : 'WHERE revoked_at IS NULL';
    const total = this.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM api_keys ${where}`).get()!.n;
    const items = this.db
      .prepare<[number, number], Row>(
        `SELECT * FROM api_keys ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(opts.limit, opts.offset)
      .map(toRecord);
    return { total, items };
  }

  hasActiveAdmin(): boolean {
    return this.list().some(
      (k) => !k.revoked_at && k.scopes.includes('admin') && (!k.expires_at || Date.parse(k.expires_at) > this.now()),
    );
  }

  verify(presented: string): KeyCheck {
    const parsed = parseKey(presented);
    if (!parsed) return { ok: false, reason: 'malformed' };
    const row = this.db.prepare<[string], Row>('SELECT * FROM api_keys WHERE id = ?').get(parsed.id);
    if (!row || !secretMatches(parsed.secret, row.secret_hash)) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.expires_at && Date.parse(row.expires_at) <= this.now()) return { ok: false, reason: 'expired' };
    this.touch(row.id);
    return { ok: true, key: toRecord(row) };
  }

  private touch(id: string) {
    const now = this.now();
    const last = this.lastTouched.get(id);
    if (last !== undefined && now - last < 60_000) return;
    // Bookkeeping only: while another process holds the write lock it waits for a later request, never fails this one.
    try {
      this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(new Date(now).toISOString(), id);
      this.lastTouched.set(id, now);
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
  }

  revoke(id: string): boolean {
    return (
      durably(this.db, () =>
        this.db
          .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
          .run(new Date(this.now()).toISOString(), id),
      ).changes > 0
    );
  }
}
