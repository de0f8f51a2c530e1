/**
 * Builds the read-only content database from resources/content (ours) and ../shared/data (public datasets).
 * Reproducible: the same inputs give the same rows; the manifest records a hash of every input.
 *
 *   npm run build:content               always rebuild
 *   npm run build:content -- --if-stale rebuild only when the database is missing or its inputs changed
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../main/db/content-schema.ts';
import { DEFAULT_CONTENT_DB, sharedDataDir } from './paths.ts';
import {
  contentFreshness,
  embeddingModel,
  inputsHash,
  recordInputs,
  watchedFiles,
  describeFreshness,
} from './content-inputs.ts';
import { statSignature } from '../main/cli/stat-stamp.ts';
import { readContentVersion, readCuratedCompounds, readCuratedMonographs } from './steps/curated.ts';
import { insertCompounds } from './steps/compounds.ts';
import { insertDocuments, insertResearchItems, readCord19, readPubMedQa, readSciFact } from './steps/documents.ts';
import { loadDdinter } from './steps/ddinter.ts';
import { loadFoods } from './steps/foods.ts';
import { loadLabTests } from './steps/labs.ts';
import { loadDrugBank } from './steps/drugbank.ts';
import { loadInteractionSources } from './steps/interactions.ts';
import { SOURCES } from './sources.ts';
import { addBundledVectors } from './steps/embeddings.ts';
import { writePostings } from '../main/search/postings-store.ts';

export async function buildContent(
  outPath: string,
  opts: { vectors?: boolean } = {},
): Promise<{ ms: number; counts: Record<string, number> }> {
  const started = performance.now();
  const dataDir = sharedDataDir();
  const version = readContentVersion();
  // Stat data before the hash reads anything: an input edited during the build is seen as changed next time.
  const signature = statSignature(watchedFiles(dataDir));
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
    // Foods first: the vocabulary (inside the interaction sources' name index) reads foods by their nutrients.
    const foods = loadFoods(db, dataDir);
    counts.foods = foods.foods;
    counts.food_nutrient_values = foods.values;
    counts.food_household_weights = foods.weights;
    Object.assign(counts, loadInteractionSources(db, dataDir, drugbank));
    counts.lab_tests = loadLabTests(db, dataDir);

    const insertSource = db.prepare(
      'INSERT INTO sources (id, name, licence, version, records, provenance, notes) VALUES (@id, @name, @licence, @version, @records, @provenance, @notes)',
    );
    for (const s of SOURCES)
      insertSource.run({
        ...s,
        version: s.id.startsWith('materia-') ? version.version : s.version,
        records: s.records(counts),
      });
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('schema_version', String(CONTENT_SCHEMA_VERSION));
    meta.run('content_version', version.version);
    meta.run('content_date', version.date);
    meta.run('inputs_sha256', hash);
    meta.run('counts', JSON.stringify(counts));
  })();
  db.exec(
    "INSERT INTO compounds_fts(compounds_fts) VALUES ('optimize'); INSERT INTO documents_fts(documents_fts) VALUES ('optimize'); INSERT INTO research_fts(research_fts) VALUES ('optimize'); INSERT INTO foods_fts(foods_fts) VALUES ('optimize');",
  );
  db.transaction(() => {
    writePostings(db, 'documents_fts');
    writePostings(db, 'research_fts');
  })();
  db.exec('ANALYZE');
  db.close();
  const compact = new Database(tmp);
  compact.exec('VACUUM');
  compact.close();
  if (opts.vectors ?? true) {
    counts.bundled_vectors = await addBundledVectors(
      tmp,
      embeddingModel(),
      join(dirname(outPath), 'embedding-cache.sqlite'),
      (l) => console.log(l),
    );
  }
  renameSync(tmp, outPath);
  recordInputs(outPath, hash, signature);
  return { ms: performance.now() - started, counts };
}

/** Builds and prints what was built; throws when the build fails. */
export async function buildContentAndReport(outPath: string): Promise<void> {
  const { ms, counts } = await buildContent(outPath);
  console.log(`built ${relative(process.cwd(), outPath)} in ${(ms / 1000).toFixed(1)} s`);
  for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(26)} ${v}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outPath = resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB);
  if (process.argv.includes('--if-stale')) {
    const freshness = contentFreshness(outPath, sharedDataDir());
    console.log(describeFreshness(freshness));
    if (freshness === 'fresh') process.exit(0);
  }
  try {
    await buildContentAndReport(outPath);
  } catch (err) {
    console.error(`content build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
