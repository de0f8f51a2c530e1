/**
 * Compound and document search: our full-text path (the code behind /v1/compounds/search, and search's lexical
 * ranking that /v1/documents?q= pages through, with no model loaded) against @orama/orama full-text search over the same records and queries, in the same process and run.
 * Prints medians, p95 and the ratio ours / Orama, plus top-1 accuracy on name queries for both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, insertMultiple, search } from '@orama/orama';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { openContentDb } from '../src/main/db/connection.ts';
import { DocumentRepo } from '../src/main/documents/document-repo.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { sharedDataDir } from '../src/build/paths.ts';
import { ms, ratio, timeEach } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const db = openContentDb(process.env.MATERIA_CONTENT_DB ?? join(import.meta.dirname, '../resources/db/content.sqlite'));
const compounds = new CompoundRepo(db);
const documents = new DocumentRepo(db, false);
const ranking = new SearchService(db, false, () => null);

interface Row {
  slug: string;
  name: string;
  alt_names: string;
  description: string;
  benefits: string;
}
const rows = db
  .prepare<[], Row>('SELECT slug, name, alt_names, description, benefits FROM compounds ORDER BY rowid')
  .all();

const compoundIndex = create({
  schema: { slug: 'string', name: 'string', alt: 'string', description: 'string', benefits: 'string' } as const,
});
await insertMultiple(
  compoundIndex,
  rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    alt: (JSON.parse(r.alt_names) as string[]).join(' ; '),
    description: r.description,
    benefits: (JSON.parse(r.benefits) as string[]).join(' ; '),
  })),
);

// Name queries (every compound's name and its first alternative name) plus topic queries a clinician types.
const nameQueries = rows.flatMap((r) => [
  { q: r.name, slug: r.slug },
  ...(JSON.parse(r.alt_names) as string[]).slice(0, 1).map((a) => ({ q: a, slug: r.slug })),
]);
const topicQueries = [
  'sleep',
  'tendon healing',
  'vitamin d deficiency',
  'muscle growth',
  'anxiety',
  'blood pressure',
  'antibiotic diarrhoea',
  'cognitive decline',
  'insulin resistance',
  'fat loss',
  'inflammation',
  'bone density',
];

const top1 = (hits: (string | undefined)[]) =>
  `${((hits.filter(Boolean).length / nameQueries.length) * 100).toFixed(1)}%`;
const oursTop = nameQueries.map(({ q, slug }) =>
  compounds.search(q, {}, { limit: 1, offset: 0 }).rows[0]?.slug === slug ? slug : undefined,
);
const oramaTop = await Promise.all(
  nameQueries.map(async ({ q, slug }) => {
    const r = await search(compoundIndex, {
      term: q,
      properties: ['name', 'alt', 'description', 'benefits'],
      boost: { name: 10, alt: 6, benefits: 2 },
      limit: 1,
    });
    return r.hits[0]?.document.slug === slug ? slug : undefined;
  }),
);

const allCompoundQueries = [...nameQueries.map((n) => n.q), ...topicQueries];
const oursCompounds = await timeEach(allCompoundQueries, ROUNDS, (q) =>
  compounds.search(q, {}, { limit: 20, offset: 0 }),
);
const oramaCompounds = await timeEach(allCompoundQueries, ROUNDS, (q) =>
  search(compoundIndex, {
    term: q,
    properties: ['name', 'alt', 'description', 'benefits'],
    boost: { name: 10, alt: 6, benefits: 2 },
    limit: 20,
  }),
);

// Documents: the 300 SciFact test claims against title + abstract of every bundled document.
const docRows = db
  .prepare<[], { id: string; title: string; abstract: string | null }>('SELECT id, title, abstract FROM documents')
  .all();
const docIndex = create({ schema: { id: 'string', title: 'string', abstract: 'string' } as const });
const t0 = performance.now();
await insertMultiple(
  docIndex,
  docRows.map((d) => ({ id: d.id, title: d.title, abstract: d.abstract ?? '' })),
  1000,
);
const oramaIndexMs = performance.now() - t0;
const claims = readFileSync(join(sharedDataDir(), 'scifact/queries.test.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);
const oursDocs = await timeEach(claims, ROUNDS, async (q) =>
  documents.list({ ranked: (await ranking.rankDocuments(q)).ids }, { limit: 10, offset: 0 }),
);
const oramaDocs = await timeEach(claims, ROUNDS, (q) =>
  search(docIndex, { term: q, properties: ['title', 'abstract'], boost: { title: 3 }, limit: 10 }),
);

console.log(
  `compound and document search, ${ROUNDS} rounds after a warm-up pass (machine: ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version})`,
);
console.log('');
console.log('| workload | ours (FTS5) median | p95 | Orama median | p95 | ratio ours/Orama (median) |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| compounds: ${allCompoundQueries.length} queries over ${rows.length} records | ${ms(oursCompounds.median)} | ${ms(oursCompounds.p95)} | ${ms(oramaCompounds.median)} | ${ms(oramaCompounds.p95)} | ${ratio(oursCompounds.median, oramaCompounds.median)} |`,
);
console.log(
  `| documents: ${claims.length} SciFact claims over ${docRows.length} abstracts | ${ms(oursDocs.median)} | ${ms(oursDocs.p95)} | ${ms(oramaDocs.median)} | ${ms(oramaDocs.p95)} | ${ratio(oursDocs.median, oramaDocs.median)} |`,
);
console.log('');
console.log(`top-1 on ${nameQueries.length} name queries: ours ${top1(oursTop)}, Orama ${top1(oramaTop)}`);
console.log(
  `Orama in-memory index build over the documents: ${oramaIndexMs.toFixed(0)} ms (ours is built once by npm run build:content)`,
);
db.close();
