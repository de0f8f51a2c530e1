/**
 * Editorial classes and class rules (resources/content/interaction-rules.classes.json, interaction-rules.json):
 * validated, class members expanded to ingredient keys, rules stored with their sides resolved. A rule naming an
 * unknown class, or a class left without members, fails the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { namesWholeClass } from '../../main/interactions/editorial.ts';
import { RULE_SEVERITIES, type StoredRule } from '../../main/interactions/rules.ts';
import { CONTENT_DIR } from '../paths.ts';
import type { IxNames } from './interaction-names.ts';

const ClassesFile = z.strictObject({
  about: z.string(),
  aliases: z.record(z.string(), z.string()),
  classes: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9_]+$/),
      name: z.string(),
      words: z.array(z.string()),
      text_pattern: z.string().nullable(),
      basis: z.string().min(3),
      members: z.array(z.string()).min(1),
    }),
  ),
});
const RulesFile = z.strictObject({
  about: z.string(),
  rules: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/),
      a: z.array(z.string()).min(1),
      b: z.array(z.string()).min(1),
      except: z.array(z.string()).optional(),
      severity: z.enum(RULE_SEVERITIES),
      mechanism: z.string().min(10),
      management: z.string().min(5),
      basis: z.array(z.string().min(5)).min(1),
      when: z
        .strictObject({
          on: z.enum(['a', 'b']),
          routes: z.array(z.string()).min(1).optional(),
          dose_mg_above: z.number().positive().optional(),
          known_routes: z.record(z.string(), z.array(z.string().min(3))).optional(),
          otherwise: z.strictObject({
            severity: z.enum(RULE_SEVERITIES).nullable(),
            mechanism: z.string().min(10).optional(),
            management: z.string().min(5),
          }),
          if_unknown: z.enum(['rule', 'otherwise']).optional(),
          note: z.string().min(10),
        })
        .refine((c) => c.routes || c.dose_mg_above !== undefined, 'a condition names routes or a dose')
        .optional(),
    }),
  ),
});

/** A clause after a class word that keeps only some of its members ("statins that are CYP3A4 substrates"). */
const RESTRICTING_AFTER =
  /^\s*(?:that|which|who|metaboli[sz]ed|cleared|eliminated|substrates?|except|other than|known to|with a narrow)\b/iu;

/** Words before a class mention in a label sentence that keep only part of the class ("some statins", "a non-CYP3A4-metabolized statin"). */
const NARROWING_BEFORE = new Set([
  'some',
  'certain',
  'weak',
  'moderate',
  'mild',
  'intravenous',
  'iv',
  'parenteral',
  'injectable',
  'topical',
  'local',
]);

/** Label sentences are read permissively (most words before a class mention do not narrow it); these do. */
function narrowedInSentence(m: ClassMention): boolean {
  if (RESTRICTING_AFTER.test(m.sentence.slice(m.end))) return true;
  const word = /([\p{L}\p{N}][\p{L}\p{N}'-]*)\s*$/u.exec(m.sentence.slice(0, m.start))?.[1]?.toLowerCase() ?? '';
  return NARROWING_BEFORE.has(word) || /^non-/.test(word) || /-metaboli[sz]ed$/.test(word);
}

export const RULE_FILES = ['interaction-rules.classes.json', 'interaction-rules.json'];

export function readInteractionAliases(): Record<string, string> {
  return ClassesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[0]!), 'utf8'))).aliases;
}

/** Where a class mention stands in its sentence, so that the words around it can narrow it. */
export interface ClassMention {
  sentence: string;
  start: number;
  end: number;
}

export interface LoadedClasses {
  count: number;
  members: number;
  classByText: (text: string, context?: ClassMention) => string | null;
}

export function loadInteractionClasses(db: Database, names: IxNames): LoadedClasses {
  const file = ClassesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[0]!), 'utf8')));
  const insertClass = db.prepare(
    'INSERT INTO ix_classes (id, name, words, text_pattern, basis) VALUES (?, ?, ?, ?, ?)',
  );
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
    matchers.push({
      id: c.id,
      words: new Set([c.name, ...c.words].map(normalizeName)),
      pattern: c.text_pattern ? new RegExp(c.text_pattern, 'iu') : null,
    });
  }
  // A mention that is one of a class's words is that class; otherwise a class word inside it counts only when nothing
  // narrows it: "combined P-gp and weak or moderate CYP3A4 inhibitors" is not the strong inhibitors, and "statins
  // metabolized by CYP3A4" not every statin (editorial.ts, namesWholeClass; a narrower class may list such a phrase).
  const classByText = (text: string, context?: ClassMention) => {
    if (
      context &&
      context.sentence.slice(context.start, context.end).toLowerCase() === text.toLowerCase() &&
      narrowedInSentence(context)
    )
      return null;
    const n = normalizeName(text);
    const exact = matchers.find((m) => m.words.has(n));
    if (exact) return exact.id;
    const whole = (m: { pattern: RegExp | null }) => {
      if (!m.pattern) return false;
      const hit = new RegExp(m.pattern.source, 'giu');
      return [...text.matchAll(hit)].some(
        (h) =>
          namesWholeClass(text, h.index, h[0].length) && !RESTRICTING_AFTER.test(text.slice(h.index + h[0].length)),
      );
    };
    return matchers.find(whole)?.id ?? null;
  };
  return { count: file.classes.length, members, classByText };
}

export function loadInteractionRules(db: Database, names: IxNames): number {
  const file = RulesFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, RULE_FILES[1]!), 'utf8')));
  const classes = new Set(
    db
      .prepare<[], { id: string }>('SELECT id FROM ix_classes')
      .all()
      .map((r) => r.id),
  );
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
      id: r.id,
      a: side(r.a, r.id),
      b: side(r.b, r.id),
      except: (r.except ?? []).flatMap((e) => names.add(e, 'rule')),
      severity: r.severity,
      mechanism: r.mechanism,
      management: r.management,
      basis: r.basis,
      ...(r.when ? { when: r.when } : {}),
    };
    insert.run(r.id, JSON.stringify(stored));
  }
  return file.rules.length;
}
