/**
 * Writes the editors' per-claim maps into the monograph source files as `claim_basis` (docs/content.md "Per-claim sources").
 *
 *   npx tsx src/build/merge-claim-basis.ts [--check] [--partial] [--corrections <file.jsonl>]… <map.jsonl>…
 *
 * A map line: {"slug", "clinical_outcomes": [[1], [3]], "indications": [[1, 2], []], "flags": ["why a claim has no source", …]}.
 * A correction line, applied on top of the maps: {"slug", "section", "item" (from 1), "from": [4], "to": [], "reason"}.
 * A correction whose `from` no longer matches the map is refused, so a re-mapped claim is never silently overwritten.
 * Nothing is written unless every line of every map is valid against its monograph and, without --partial, every
 * monograph is mapped exactly once: a half-merged set would show some monographs cited and others not for no visible
 * reason. --check validates and prints the counts only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { CLAIM_SECTIONS, CitedBasis, claimBasisProblems, type ClaimBasisSource } from './claim-basis.ts';
import { CONTENT_DIR } from './paths.ts';
import { MonographSource } from './source-schema.ts';
import { jsonFiles } from './steps/curated.ts';

const MapLine = z.strictObject({
  slug: z.string(),
  clinical_outcomes: z.array(CitedBasis),
  indications: z.array(CitedBasis),
  flags: z.array(z.string()),
});
export type MapLine = z.infer<typeof MapLine>;

const Correction = z.strictObject({
  slug: z.string(),
  section: z.enum(CLAIM_SECTIONS),
  item: z.int().min(1),
  from: CitedBasis,
  to: CitedBasis,
  reason: z.string().min(1),
});
export type Correction = z.infer<typeof Correction>;

/** One line, as the file's other top-level fields are written; the rest of the file keeps its hand formatting. */
export function formatClaimBasis(c: ClaimBasisSource): string {
  const lists = (ls: number[][]) => `[${ls.map((l) => `[${l.join(', ')}]`).join(', ')}]`;
  return `{ "clinical_outcomes": ${lists(c.clinical_outcomes)}, "indications": ${lists(c.indications)} }`;
}

/** The source text with claim_basis set: replaced where this script wrote it before, otherwise added as the last field. */
export function withClaimBasis(text: string, c: ClaimBasisSource): string {
  const line = `  "claim_basis": ${formatClaimBasis(c)}`;
  const previous = /^ {2}"claim_basis": \{.*\}$/m;
  let out: string;
  if (previous.test(text)) out = text.replace(previous, line);
  else if (text.includes('"claim_basis"')) throw new Error('claim_basis is written in another layout: set it by hand');
  else out = `${text.trimEnd().replace(/\s*\}$/, `,\n${line}\n}`)}\n`;
  if (!isDeepStrictEqual(JSON.parse(out), { ...(JSON.parse(text) as object), claim_basis: c }))
    throw new Error('claim_basis could not be written without changing other fields');
  return out;
}

function readJsonl<T extends z.ZodType>(files: string[], schema: T, problems: string[]): z.infer<T>[] {
  const lines: z.infer<T>[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((raw, i) => {
        if (!raw.trim()) return;
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          problems.push(`${file}:${i + 1}: not JSON`);
          return;
        }
        const parsed = schema.safeParse(json);
        if (parsed.success) lines.push(parsed.data);
        else problems.push(`${file}:${i + 1}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`);
      });
  }
  return lines;
}

export function applyCorrections(lines: MapLine[], corrections: Correction[], problems: string[]): void {
  const bySlug = new Map(lines.map((l) => [l.slug, l]));
  for (const c of corrections) {
    const claims = bySlug.get(c.slug)?.[c.section];
    const where = `correction ${c.slug} ${c.section} ${c.item}`;
    if (!claims || c.item > claims.length) problems.push(`${where}: no such claim in the maps`);
    else if (!isDeepStrictEqual(claims[c.item - 1], c.from))
      problems.push(`${where}: the map now says ${JSON.stringify(claims[c.item - 1])}, not ${JSON.stringify(c.from)}`);
    else claims[c.item - 1] = c.to;
  }
}

/** `--name value` options (repeatable) and the remaining arguments. */
function parseArgs(args: string[]): { flags: Set<string>; corrections: string[]; files: string[] } {
  const flags = new Set<string>();
  const corrections: string[] = [];
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--corrections') corrections.push(args[++i] ?? '');
    else if (args[i]!.startsWith('--')) flags.add(args[i]!);
    else files.push(args[i]!);
  }
  return { flags, corrections, files };
}

function main(args: string[]): number {
  const { flags, corrections: correctionFiles, files } = parseArgs(args);
  if (!files.length) {
    console.error('usage: merge-claim-basis.ts [--check] [--partial] [--corrections <file.jsonl>]… <map.jsonl>…');
    return 2;
  }
  const problems: string[] = [];
  const lines = readJsonl(files, MapLine, problems);
  const corrections = readJsonl(correctionFiles, Correction, problems);
  applyCorrections(lines, corrections, problems);
  const monographs = new Map(jsonFiles(join(CONTENT_DIR, 'monographs')).map((f) => [basename(f, '.json'), f]));
  const seen = new Set<string>();
  for (const l of lines) {
    const file = monographs.get(l.slug);
    if (!file) {
      problems.push(`${l.slug}: no monograph file`);
      continue;
    }
    if (seen.has(l.slug)) problems.push(`${l.slug}: mapped twice`);
    seen.add(l.slug);
    const m = MonographSource.parse(JSON.parse(readFileSync(file, 'utf8')));
    for (const p of claimBasisProblems(m, l)) problems.push(`${l.slug}: ${p.path.join('.')}: ${p.message}`);
  }
  const unmapped = [...monographs.keys()].filter((s) => !seen.has(s));
  if (!flags.has('--partial') && unmapped.length)
    problems.push(`${unmapped.length} monograph(s) not mapped: ${unmapped.join(', ')}`);
  for (const section of CLAIM_SECTIONS) {
    const claims = lines.flatMap((l) => l[section]);
    console.log(
      `${section}: ${claims.length} claims, ${claims.filter((c) => c.length).length} cite a basis entry, ${claims.filter((c) => !c.length).length} none`,
    );
  }
  console.log(
    `${lines.length} monographs mapped, ${lines.reduce((n, l) => n + l.flags.length, 0)} editor flags, ${corrections.length} corrections, ${unmapped.length} unmapped`,
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    return 1;
  }
  if (flags.has('--check')) return 0;
  for (const l of lines) {
    const file = monographs.get(l.slug)!;
    writeFileSync(
      file,
      withClaimBasis(readFileSync(file, 'utf8'), {
        clinical_outcomes: l.clinical_outcomes,
        indications: l.indications,
      }),
    );
  }
  console.log(`wrote claim_basis into ${lines.length} monograph files; now run npm run build:content`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  process.exit(main(process.argv.slice(2)));
