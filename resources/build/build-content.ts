/**
 * Builds the read-only content database from resources/content (ours) and ../shared/data (public datasets).
 * Reproducible: the same inputs give the same rows; the manifest records a hash of every input.
 *
 *   npm run build:content               always rebuild
 *   npm run build:content -- --if-stale rebuild only when the database is missing or its inputs changed
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../../src/main/content/schema.ts';
import { BUILD_DIR, CONTENT_DIR, DEFAULT_CONTENT_DB, REPO_ROOT, sharedDataDir } from './paths.ts';
import { readContentVersion, readCuratedCompounds, readCuratedMonographs } from './steps/curated.ts';
import { insertCompounds } from './steps/compounds.ts';
import { insertDocuments, insertResearchItems, readCord19, readPubMedQa, readSciFact } from './steps/documents.ts';
import { loadDdinter, mergeDdinterInteractions } from './steps/ddinter.ts';
import { loadFoods } from './steps/foods.ts';
import { loadLabTests } from './steps/labs.ts';
import { loadDrugBank } from './steps/drugbank.ts';
import { INTERACTION_DATA_DIRS, INTERACTION_DATA_FILES, loadInteractionSources } from './steps/interactions.ts';
import { SOURCES } from './sources.ts';
import { addBundledVectors } from './steps/embeddings.ts';
import { writePostings } from '../../src/main/search/postings-store.ts';
import { DEFAULT_MODEL, missingModelFiles, modelFingerprint, type ModelConfig } from '../../src/main/search/model-files.ts';

const DATA_FILES = [
  'scifact/corpus.jsonl', 'cord19-metadata-sample/cord19_metadata_sample.csv', 'pubmedqa/ori_pqal.json', 'drugbank-open/drugbank_vocabulary.csv',
  ...'ABDHLPRV'.split('').map((c) => `ddinter/ddinter_downloads_code_${c}.csv`),
  'usda-sr28/foods.csv', 'usda-sr28/nutrients.csv', 'usda-sr28/nutrient_values_per100g.csv', 'usda-sr28/household_weights.csv',
  'lab-reference-ranges-nlm/reference_ranges.csv', ...INTERACTION_DATA_FILES,
];
const CODE_FILES = ['src/main/content/schema.ts', 'src/main/search/postings.ts', 'src/main/search/postings-store.ts', 'src/main/compounds/names.ts', 'src/main/compounds/evidence-grade.ts', 'src/main/documents/study-design.ts',
  ...['keys', 'rules', 'resolver', 'pair-model', 'editorial'].map((f) => `src/main/interactions/${f}.ts`)];

/** The model whose vectors the build bundles: the server's (MATERIA_MODEL, MATERIA_MODEL_DIR). */
export function embeddingModel(): ModelConfig {
  return { modelId: process.env.MATERIA_MODEL?.trim() || DEFAULT_MODEL, modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(REPO_ROOT, 'resources/models')) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile()).sort();
}

export function inputsHash(dataDir: string): string {
  const hash = createHash('sha256');
  const files = [...filesUnder(CONTENT_DIR), ...filesUnder(BUILD_DIR), ...CODE_FILES.map((f) => resolve(REPO_ROOT, f))];
  for (const f of files) hash.update(relative(REPO_ROOT, f)).update('\0').update(readFileSync(f));
  for (const f of DATA_FILES) hash.update(f).update('\0').update(readFileSync(join(dataDir, f)));
  for (const f of INTERACTION_DATA_DIRS.flatMap((d) => filesUnder(join(dataDir, d)))) hash.update(relative(dataDir, f)).update('\0').update(readFileSync(f));
  // Installing (or changing) the embedding model makes the bundled vectors stale.
  const model = embeddingModel();
  hash.update('model\0').update(missingModelFiles(model).length ? 'none' : modelFingerprint(model));
  return hash.digest('hex');
}

function currentHash(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'inputs_sha256'").get()?.value ?? null;
    } finally { db.close(); }
  } catch { return null; }
}

export async function buildContent(outPath: string, opts: { vectors?: boolean } = {}): Promise<{ ms: number; counts: Record<string, number> }> {
  const started = performance.now();
  const dataDir = sharedDataDir();
  const version = readContentVersion();
  const hash = inputsHash(dataDir);
  mkdirSync(dirname(outPath), { recursive: true });
  const tmp = `${outPath}.${process.pid}.building`;
  rmSync(tmp, { force: true });
  const db = new Database(tmp);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(CONTENT_DDL);

  const counts: Record<string, number> = {};
  db.transaction(() => {
    const drugbank = loadDrugBank(db, dataDir);
    counts.drugbank_vocabulary = drugbank.size;
    const scifact = readSciFact(dataDir);
    const cord19 = readCord19(dataDir);
    const pubmedqa = readPubMedQa(dataDir);
    insertDocuments(db, [...scifact, ...cord19, ...pubmedqa.documents]);
    insertResearchItems(db, pubmedqa.research);
    counts.documents_scifact = scifact.length;
    counts.documents_cord19 = cord19.length;
    counts.documents_pubmedqa = pubmedqa.documents.length;
    counts.documents = scifact.length + cord19.length + pubmedqa.documents.length;
    counts.research_items = pubmedqa.research.length;

    const compounds = readCuratedCompounds();
    const monographs = readCuratedMonographs(new Set(compounds.map((c) => c.slug)));
    const built = insertCompounds(db, compounds, monographs, drugbank, version.date);
    for (const w of built.warnings) console.warn(`warning: ${w}`);
    counts.compounds = built.count;
    counts.monographs = monographs.length;
    counts.compound_document_links = built.linkedDocuments;

    const ddinter = loadDdinter(db, dataDir);
    counts.ddinter_drugs = ddinter.drugs;
    counts.ddinter_pairs = ddinter.pairs;
    counts.ddinter_interactions_on_compounds = mergeDdinterInteractions(db);
    Object.assign(counts, loadInteractionSources(db, dataDir, drugbank));
    const foods = loadFoods(db, dataDir);
    counts.foods = foods.foods;
    counts.food_nutrient_values = foods.values;
    counts.food_household_weights = foods.weights;
    counts.lab_tests = loadLabTests(db, dataDir);

    const insertSource = db.prepare('INSERT INTO sources (id, name, licence, version, records, provenance, notes) VALUES (@id, @name, @licence, @version, @records, @provenance, @notes)');
    for (const s of SOURCES) insertSource.run({ ...s, version: s.id.startsWith('materia-') ? version.version : s.version, records: s.records(counts) });
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('schema_version', String(CONTENT_SCHEMA_VERSION));
    meta.run('content_version', version.version);
    meta.run('content_date', version.date);
    meta.run('inputs_sha256', hash);
    meta.run('counts', JSON.stringify(counts));
  })();
  db.exec("INSERT INTO compounds_fts(compounds_fts) VALUES ('optimize'); INSERT INTO documents_fts(documents_fts) VALUES ('optimize'); INSERT INTO research_fts(research_fts) VALUES ('optimize'); INSERT INTO foods_fts(foods_fts) VALUES ('optimize');");
  db.transaction(() => { writePostings(db, 'documents_fts'); writePostings(db, 'research_fts'); })();
  db.exec('ANALYZE');
  db.close();
  const compact = new Database(tmp);
  compact.exec('VACUUM');
  compact.close();
  if (opts.vectors ?? true) {
    counts.bundled_vectors = await addBundledVectors(tmp, embeddingModel(), join(dirname(outPath), 'embedding-cache.sqlite'), (l) => console.log(l));
  }
  renameSync(tmp, outPath);
  return { ms: performance.now() - started, counts };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outPath = resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB);
  if (process.argv.includes('--if-stale')) {
    const have = currentHash(outPath);
    if (have && have === inputsHash(sharedDataDir())) {
      console.log(`content database is up to date: ${relative(process.cwd(), outPath)}`);
      process.exit(0);
    }
    console.log(have ? 'content inputs changed: rebuilding the content database' : 'no content database yet: building it');
  }
  try {
    const { ms, counts } = await buildContent(outPath);
    console.log(`built ${relative(process.cwd(), outPath)} in ${(ms / 1000).toFixed(1)} s`);
    for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(26)} ${v}`);
  } catch (err) {
    console.error(`content build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
