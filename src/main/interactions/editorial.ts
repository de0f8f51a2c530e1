/**
 * Our compound records' editorial interaction entries name substances in free text ("NSAIDs, aspirin and other
 * antiplatelets", "Grapefruit juice"). An entry applies to another substance when the text names it — word-bounded,
 * case-aware, spaces and hyphens interchangeable (compounds/names.ts) — or names a class it belongs to (the class's
 * text_pattern in interaction-rules.classes.json: "SSRIs" applies to sertraline).
 */
import { linkableNames } from '../vocabulary/ambiguous.ts';
import { namePattern } from '../vocabulary/normalize.ts';
import type { Db } from '../db/connection.ts';
import { classesOfKey, interactionClasses, keyName, type Substance } from '../vocabulary/resolver.ts';

/** "Vitamin E (alpha-tocopherol)" is also "Vitamin E" and "alpha-tocopherol". */
function withParentheticals(name: string): string[] {
  const m = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(name);
  return m ? [name, m[1]!, m[2]!] : [name];
}

export interface TextMatcher { patterns: RegExp[]; classes: { id: string; name: string; pattern: RegExp }[] }

/** What an editorial text must say to concern this substance: one of its names, or one of its classes. */
export function textMatcher(db: Db, s: Substance): TextMatcher {
  const names = [s.input, s.name];
  if (s.compound) names.push(...withParentheticals(s.compound.name), ...s.compound.alt_names.flatMap(withParentheticals));
  if (s.kind !== 'class') for (const k of s.keys) names.push(...withParentheticals(keyName(db, k)));
  const all = interactionClasses(db);
  const ids = new Set<string>(s.classId ? [s.classId] : s.keys.flatMap((k) => classesOfKey(db, k)));
  if (s.kind === 'class') for (const w of all.get(s.classId!)!.words) names.push(w);
  const classes = [...ids].map((id) => all.get(id)!).filter((c) => c.pattern).map((c) => ({ id: c.id, name: c.name, pattern: c.pattern! }));
  return { patterns: linkableNames(names).map(namePattern), classes };
}

/** Whether the entry's text concerns the substance: by name (class null) or through a class (its name). */
export function entryConcerns(text: string, m: TextMatcher): { byClass: string | null } | null {
  if (m.patterns.some((re) => re.test(text))) return { byClass: null };
  const c = m.classes.find((x) => x.pattern.test(text));
  return c ? { byClass: c.name } : null;
}
