/** USDA SR28 (public domain): foods, nutrients per 100 g and household weights, as released. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { parseCsv } from '../csv.ts';

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

export function loadFoods(
  db: Database,
  dataDir: string,
): { foods: number; nutrients: number; values: number; weights: number } {
  const dir = join(dataDir, 'usda-sr28');
  const foods = parseCsv(readFileSync(join(dir, 'foods.csv'), 'utf8'));
  const insertFood =
    db.prepare(`INSERT INTO foods (ndb_no, description, short_desc, common_name, food_group, manufacturer, sci_name, refuse_pct)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const f of foods)
    insertFood.run(
      f.ndb_no,
      f.long_desc,
      f.short_desc,
      f.common_name || null,
      f.food_group,
      f.manufacturer || null,
      f.sci_name || null,
      num(f.refuse_pct),
    );
  db.exec(
    "INSERT INTO foods_fts (rowid, description, common_name, food_group) SELECT rowid, description, coalesce(common_name, ''), food_group FROM foods",
  );

  const nutrients = parseCsv(readFileSync(join(dir, 'nutrients.csv'), 'utf8'));
  const insertNutrient = db.prepare(
    'INSERT INTO nutrients (nutr_no, units, tagname, description, num_dec, sr_order) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const n of nutrients)
    insertNutrient.run(n.nutr_no, n.units, n.tagname || null, n.nutr_desc, Number(n.num_dec), Number(n.sr_order));

  // 679k rows: a line-by-line split is enough here (the long-format file has no quoted fields) and much faster.
  const lines = readFileSync(join(dir, 'nutrient_values_per100g.csv'), 'utf8').split('\n');
  if (lines[0]!.trim() !== 'ndb_no,nutr_no,value_per_100g,num_data_pts,std_error,src_cd,deriv_cd')
    throw new Error('nutrient_values_per100g.csv: unexpected header');
  const insertValue = db.prepare('INSERT INTO food_nutrients (ndb_no, nutr_no, value) VALUES (?, ?, ?)');
  let values = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const [ndb, nutr, value] = line.split(',');
    insertValue.run(ndb, nutr, Number(value));
    values++;
  }

  const weights = parseCsv(readFileSync(join(dir, 'household_weights.csv'), 'utf8'));
  const insertWeight = db.prepare(
    'INSERT INTO food_weights (ndb_no, seq, amount, measure, grams) VALUES (?, ?, ?, ?, ?)',
  );
  for (const w of weights)
    insertWeight.run(w.ndb_no, Number(w.seq), Number(w.amount), w.measure_desc, Number(w.gram_weight));
  return { foods: foods.length, nutrients: nutrients.length, values, weights: weights.length };
}
