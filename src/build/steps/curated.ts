/** Reads and validates the hand-written content under resources/content. Any problem stops the build, naming file and field. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CONTENT_DIR } from '../paths.ts';
import { CompoundSource, MonographSource } from '../source-schema.ts';

export interface ContentVersion {
  version: string;
  date: string;
}

export function readContentVersion(): ContentVersion {
  return z
    .strictObject({ version: z.string().regex(/^\d{4}\.\d{2}\.\d+$/), date: z.iso.datetime() })
    .parse(JSON.parse(readFileSync(join(CONTENT_DIR, 'VERSION.json'), 'utf8')));
}

export function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

export function parseFile<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not valid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readCuratedCompounds(): CompoundSource[] {
  const seen = new Set<string>();
  const all: CompoundSource[] = [];
  for (const file of jsonFiles(join(CONTENT_DIR, 'compounds'))) {
    for (const c of parseFile(file, z.array(CompoundSource))) {
      if (seen.has(c.slug)) throw new Error(`${file}: duplicate compound slug ${c.slug}`);
      if (!file.endsWith(`${c.category}.json`))
        throw new Error(`${file}: ${c.slug} has category ${c.category}; it belongs in ${c.category}.json`);
      seen.add(c.slug);
      all.push(c);
    }
  }
  return all.sort((a, b) => a.slug.localeCompare(b.slug));
}

export function readCuratedMonographs(compoundSlugs: ReadonlySet<string>): MonographSource[] {
  return jsonFiles(join(CONTENT_DIR, 'monographs')).map((file) => {
    const m = parseFile(file, MonographSource);
    if (!file.endsWith(`/${m.slug}.json`)) throw new Error(`${file}: slug ${m.slug} does not match the file name`);
    if (!compoundSlugs.has(m.slug)) throw new Error(`${file}: no compound has slug ${m.slug}`);
    return m;
  });
}
