/**
 * Editorial classes and class rules (resources/content/interaction-rules.classes.json, interaction-rules.json):
 * validated, class members expanded to ingredient keys, rules stored with their sides resolved. A rule naming an
 * unknown class, or a class left without members, fails the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { normalizeName } from '../../../src/main/compounds/names.ts';
import { RULE_SEVERITIES, type StoredRule } from '../../../src/main/interactions/rules.ts';
import { CONTENT_DIR } from '../paths.ts';
import type { IxNames } from './interaction-names.ts';

const ClassesFile = z.strictObject({
  about: z.string(),
  aliases: z.record(z.string(), z.string()),
  classes: z.array(z.strictObject({
    id: z.string().regex(/^[a-z0-9_]+$/), name: z.string(), words: z.array(z.string()), text_pattern: z.string().nullable(),
    basis: z.string().min(3), members: z.array(z.string()).min(1),
  })),
});
const RulesFile = z.strictObject({
  about: z.string(),
  rules: z.array(z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/), a: z.array(z.string()).min(1), b: z.array(z.string()).min(1), except: z.array(z.string()).optional(),
    severity: z.enum(RULE_SEVERITIES), mechanism: z.string().min(10), management: z.string().min(5), basis: z.array(z.string().min(5)).min(1),
    when: z.strictObject({
      on: z.enum(['a', 'b']), routes: z.array(z.string()).min(1).optional(), dose_mg_above: z.number().positive().optional(),
      known_routes: z.record(z.string(), z.array(z.string().min(3))).optional(),
      otherwise: z.strictObject({ severity: z.enum(RULE_SEVERITIES).nullable(), management: z.string().min(5) }),
      if_unknown: z.enum(['rule', 'otherwise']).optional(), note: z.string().min(10),
    }).refine((c) => c.routes || c.dose_mg_above !== undefined, 'a condition names routes or a dose').optional(),
  })),
});

export const RULE_FILES = ['interaction-rules.classes.json', 'interaction-rules.json'];

export function readInteractionAliases(): Record<string, string> {
  return ClassesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[0]!), 'utf8'))).aliases;
}

export interface LoadedClasses { count: number; members: number; classByText: (text: string) => string | null }

export function loadInteractionClasses(db: Database, names: IxNames): LoadedClasses {
  const file = ClassesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[0]!), 'utf8')));
  const insertClass = db.prepare('INSERT INTO ix_classes (id, name, words, text_pattern, basis) VALUES (?, ?, ?, ?, ?)');
  const insertMember = db.prepare('INSERT OR IGNORE INTO ix_class_members (class_id, key) VALUES (?, ?)');
  const all = names.allKeys();
  let members = 0;
  const matchers: { id: string; words: Set<string>; pattern: RegExp | null }[] = [];
  for (const c of file.classes) {
    const keys = new Set<string>();
    for (const m of c.members.filter((x) => !x.startsWith('-'))) {
      if (m.endsWith('*')) {
        const prefix = normalizeName(m.slice(0, -1));
        for (const k of all) if (k.startsWith(prefix)) keys.add(k);
      } else {
        for (const k of names.add(m, 'rule')) keys.add(k);
      }
    }
    // "-name" and "-prefix*" take members out again ("insulin*" but not insulin-like growth factors).
    for (const m of c.members.filter((x) => x.startsWith('-'))) {
      const n = normalizeName(m.slice(1).replace(/\*$/, ''));
      for (const k of [...keys]) if (m.endsWith('*') ? k.startsWith(n) : k === n) keys.delete(k);
    }
    if (!keys.size) throw new Error(`interaction class ${c.id}: no member is a known substance`);
    insertClass.run(c.id, c.name, JSON.stringify(c.words), c.text_pattern, c.basis);
    for (const k of [...keys].sort()) insertMember.run(c.id, k);
    members += keys.size;
    matchers.push({ id: c.id, words: new Set([c.name, ...c.words].map(normalizeName)), pattern: c.text_pattern ? new RegExp(c.text_pattern, 'iu') : null });
  }
  const classByText = (text: string) => {
    const n = normalizeName(text);
    return matchers.find((m) => m.words.has(n))?.id ?? matchers.find((m) => m.pattern?.test(text))?.id ?? null;
  };
  return { count: file.classes.length, members, classByText };
}

export function loadInteractionRules(db: Database, names: IxNames): number {
  const file = RulesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[1]!), 'utf8')));
  const classes = new Set(db.prepare<[], { id: string }>('SELECT id FROM ix_classes').all().map((r) => r.id));
  const side = (items: string[], rule: string) => {
    const out = { classes: [] as string[], keys: [] as string[] };
    for (const item of items) {
      if (item.startsWith('class:')) {
        const id = item.slice(6);
        if (!classes.has(id)) throw new Error(`interaction rule ${rule}: unknown class ${id}`);
        out.classes.push(id);
      } else {
        out.keys.push(...names.add(item, 'rule'));
      }
    }
    return out;
  };
  const insert = db.prepare('INSERT INTO ix_rules (id, data) VALUES (?, ?)');
  for (const r of file.rules) {
    const stored: StoredRule = {
      id: r.id, a: side(r.a, r.id), b: side(r.b, r.id), except: (r.except ?? []).flatMap((e) => names.add(e, 'rule')),
      severity: r.severity, mechanism: r.mechanism, management: r.management, basis: r.basis, ...(r.when ? { when: r.when } : {}),
    };
    insert.run(r.id, JSON.stringify(stored));
  }
  return file.rules.length;
}
