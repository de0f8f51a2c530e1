/**
 * Label dose limits (resources/interactions/dose-limits.json), checked at content build: the pair model reads the file
 * at run time (src/main/interactions/dose-limits.ts), so the build validates it with the same schema and fails when a
 * drug, partner or companion is not an ingredient key some source knows, or a `class:` partner is not a class. A limit
 * naming a key nothing else names would never apply: the mistake is caught here rather than as a silent no-op.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { DoseLimitsFile } from '../../main/interactions/dose-limits.ts';
import { REPO_ROOT } from '../paths.ts';
import type { IxNames } from './interaction-names.ts';

export const DOSE_LIMITS_FILE = join(REPO_ROOT, 'resources/interactions/dose-limits.json');

export function checkDoseLimits(db: Database, names: IxNames): number {
  const file = DoseLimitsFile.parse(JSON.parse(readFileSync(DOSE_LIMITS_FILE, 'utf8')));
  const classes = new Set(
    db
      .prepare<[], { id: string }>('SELECT id FROM ix_classes')
      .all()
      .map((r) => r.id),
  );
  for (const l of file.limits) {
    for (const k of [l.drug, ...l.partners, ...(l.companions ?? [])]) {
      if (k.startsWith('class:')) {
        if (!classes.has(k.slice(6))) throw new Error(`dose limit ${l.id}: unknown class ${k.slice(6)}`);
      } else if (names.key(k) !== k || !names.hasKey(k)) {
        throw new Error(`dose limit ${l.id}: ${k} is not an ingredient key (it keys to ${names.key(k) || 'nothing'})`);
      }
    }
  }
  return file.limits.length;
}
