/** Validates curated content files and prints every problem: `npx tsx src/build/check-sources.ts [files…]`. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CompoundSource, MonographSource } from './source-schema.ts';
import { z } from 'zod';

const root = resolve(import.meta.dirname, '../../resources/content');
const compoundFiles = readdirSync(join(root, 'compounds'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => join(root, 'compounds', f));
const monographFiles = readdirSync(join(root, 'monographs'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => join(root, 'monographs', f));

let problems = 0;
const slugs = new Map<string, string>();
for (const file of compoundFiles) {
  const parsed = z.array(CompoundSource).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    problems++;
    console.log(`${file}:\n${z.prettifyError(parsed.error)}`);
    continue;
  }
  for (const c of parsed.data) {
    if (slugs.has(c.slug)) {
      problems++;
      console.log(`duplicate slug ${c.slug} in ${file} and ${slugs.get(c.slug)}`);
    }
    slugs.set(c.slug, file);
    if (!file.endsWith(`${c.category}.json`)) {
      problems++;
      console.log(`${c.slug}: category ${c.category} but file ${file}`);
    }
  }
}
for (const file of monographFiles) {
  const parsed = MonographSource.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    problems++;
    console.log(`${file}:\n${z.prettifyError(parsed.error)}`);
    continue;
  }
  const m = parsed.data;
  if (!file.endsWith(`/${m.slug}.json`)) {
    problems++;
    console.log(`${file}: slug ${m.slug} does not match the file name`);
  }
  if (!slugs.has(m.slug)) {
    problems++;
    console.log(`${file}: no compound with slug ${m.slug}`);
  }
  for (const r of m.related_compounds)
    if (!slugs.has(r)) console.log(`${file}: related compound ${r} not (yet) in the compounds files`);
}
console.log(
  `${slugs.size} compounds in ${compoundFiles.length} files, ${monographFiles.length} monographs, ${problems} problem(s)`,
);
process.exit(problems ? 1 : 0);
