/**
 * Drugs@FDA Products.txt (US FDA; mid-2022 release): brand and product names → active ingredients, so "Ultram",
 * "Bactrim" and "Imdur" reach tramadol, sulfamethoxazole + trimethoprim and isosorbide mononitrate. Rows whose product
 * name is just the ingredient (many ANDAs) add nothing. Tab-separated; a few upstream rows carry a stray tab.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import type { IxNames } from './interaction-names.ts';

export function loadDrugsAtFda(names: IxNames, dataDir: string): { products: number; brands: number } {
  const lines = readFileSync(join(dataDir, 'drugsatfda-products/Products.txt'), 'utf8').split('\n');
  const header = lines[0]!.split('\t').map((h) => h.trim());
  const nameAt = header.indexOf('DrugName');
  const ingredientAt = header.indexOf('ActiveIngredient');
  if (nameAt < 0 || ingredientAt < 0)
    throw new Error('drugsatfda-products/Products.txt: DrugName or ActiveIngredient column missing');
  const pairs = new Map<string, { brand: string; ingredients: string[] }>();
  let products = 0;
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const f = line.split('\t');
    products++;
    // One upstream row splits Form with a stray tab (";OPHTHALMIC" becomes its own field); others only add an empty tail.
    const shift = f.length > header.length && (f[3] ?? '').startsWith(';') ? 1 : 0;
    const brand = (f[nameAt + shift] ?? '').trim();
    const ingredient = (f[ingredientAt + shift] ?? '').trim();
    if (!brand || !ingredient) continue;
    const ingredients = ingredient
      .split(/;\s*/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (normalizeName(brand) === normalizeName(ingredient)) continue;
    const id = `${normalizeName(brand)}\0${ingredients.map(normalizeName).sort().join(';')}`;
    if (!pairs.has(id)) pairs.set(id, { brand, ingredients });
  }
  const brands = new Set<string>();
  for (const { brand, ingredients } of pairs.values()) {
    const keys = [...new Set(ingredients.map((i) => names.key(i)))];
    names.add(brand, 'brand', keys);
    brands.add(normalizeName(brand));
  }
  return { products, brands: brands.size };
}
