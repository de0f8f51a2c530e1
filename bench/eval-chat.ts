/**
 * `npm run eval:chat`: the chat on questions a clinician asks, through the same service as POST /v1/chat/completions
 * (composed from the evidence, no language model; the triage's meaning layer when the embedding model is installed).
 *
 * 1. The graded clinical set (bench/data/chat-eval.jsonl, written by us): dosing, interactions, pregnancy and
 *    lactation, evidence, labs, calculators, out-of-corpus, emergencies, declines. Each question lists facts the
 *    answer must contain and must not contain (case-insensitive patterns); a question passes when every must-fact is
 *    there and no must-not is. Reported per category with the share of must-facts found, per split ("tuned": the first
 *    160, which the chat was then fixed against; "fresh": 36 written afterwards and not tuned on), and time to first
 *    token and total per answer (median and 95th percentile). `-- --verbose` prints each failure with its answer.
 * 2. PubMedQA retrieval with each question removed from the index: on a temporary copy of the content database whose
 *    PubMedQA documents have no title (their title is the question) and with research items switched off, recall@5 of
 *    the source abstract among the answer's citations, and how often a position is taken and agrees with the label.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { openContentDb, type Db } from '../src/main/db/connection.ts';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { MonographRepo } from '../src/main/monographs/monograph-repo.ts';
import { DocumentRepo } from '../src/main/documents/document-repo.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { createChatService } from '../src/main/chat/create.ts';
import type { ConversationStore } from '../src/main/chat/conversations.ts';
import { startWorkerEmbedder, type Embedder } from '../src/main/search/embedder.ts';
import { DEFAULT_MODEL, missingModelFiles } from '../src/main/search/model-files.ts';

const root = resolve(import.meta.dirname, '..');
const contentPath = resolve(process.env.MATERIA_CONTENT_DB ?? resolve(root, 'resources/db/content.sqlite'));
const verbose = process.argv.includes('--verbose');
const model = {
  modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
  modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? resolve(root, 'resources/models')),
};
const embedder: Embedder | null = missingModelFiles(model).length ? null : await startWorkerEmbedder(model);

function chatOn(db: Db, useResearchItems: boolean) {
  const compounds = new CompoundRepo(db);
  const sources = {
    compounds,
    monographs: new MonographRepo(db, compounds),
    documents: new DocumentRepo(db, false),
    search: new SearchService(db, false, () => null),
    conversations: null as unknown as ConversationStore,
    now: Date.now,
  };
  return createChatService(sources, {
    contentDb: db,
    llm: null,
    log: () => {},
    useResearchItems,
    embedder: () => embedder,
  });
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

// ---- 1. the graded clinical set
interface Item {
  id: string;
  category: string;
  question: string;
  must: string[];
  must_not: string[];
  note?: string;
  split: 'tuned' | 'fresh';
}
const items = readFileSync(resolve(import.meta.dirname, 'data/chat-eval.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Item);
const db = openContentDb(contentPath);
const chat = chatOn(db, true);
const byCat = new Map<string, { n: number; pass: number; facts: number; found: number }>();
const bySplit = new Map<string, { n: number; pass: number }>();
const ttft: number[] = [];
const total: number[] = [];
const failures: string[] = [];
// first use loads the tokenizer, name indexes and exemplar vectors: warm up once, outside the timings
await chat.prepare({ messages: [{ role: 'user', content: 'What is metformin?' }], max_tokens: 64 });
for (const item of items) {
  const t0 = performance.now();
  let first = -1;
  const turn = await chat.prepare({ messages: [{ role: 'user', content: item.question }], max_tokens: 1024 });
  const result = await chat.produce(turn, 1024, new AbortController().signal, () => {
    if (first < 0) first = performance.now();
  });
  const t1 = performance.now();
  ttft.push(first - t0);
  total.push(t1 - t0);
  const text = result!.text;
  const found = item.must.filter((p) => new RegExp(p, 'imu').test(text));
  const bad = item.must_not.filter((p) => new RegExp(p, 'imu').test(text));
  const pass = found.length === item.must.length && !bad.length;
  const c = byCat.get(item.category) ?? { n: 0, pass: 0, facts: 0, found: 0 };
  c.n++;
  c.facts += item.must.length;
  c.found += found.length;
  if (pass) c.pass++;
  byCat.set(item.category, c);
  const sp = bySplit.get(item.split) ?? { n: 0, pass: 0 };
  sp.n++;
  if (pass) sp.pass++;
  bySplit.set(item.split, sp);
  if (!pass) {
    const missing = item.must.filter((p) => !found.includes(p));
    failures.push(
      `${item.id} [${item.category}, ${item.split}] ${item.question}\n   missing: ${missing.join(' ; ') || '-'}   present but must not be: ${bad.join(' ; ') || '-'}${verbose ? `\n   ${text.replace(/\n/g, '\n   ')}` : ''}`,
    );
  }
}
const date = new Date().toISOString().slice(0, 10);
console.log(
  `Graded clinical set: ${items.length} questions, ${date}; triage meaning layer ${embedder ? `on (${embedder.modelId})` : 'off (no embedding model)'}`,
);
console.log(
  `${'category'.padEnd(22)} ${'questions'.padStart(9)} ${'passed'.padStart(14)} ${'must-facts found'.padStart(18)}`,
);
let n = 0;
let passed = 0;
for (const [cat, c] of [...byCat].sort(([a], [b]) => a.localeCompare(b))) {
  n += c.n;
  passed += c.pass;
  console.log(
    `${cat.padEnd(22)} ${String(c.n).padStart(9)} ${`${c.pass} (${pct(c.pass, c.n)})`.padStart(14)} ${pct(c.found, c.facts).padStart(18)}`,
  );
}
console.log(`${'all'.padEnd(22)} ${String(n).padStart(9)} ${`${passed} (${pct(passed, n)})`.padStart(14)}`);
for (const [split, c] of bySplit)
  console.log(
    `  ${split === 'tuned' ? 'tuned (written first; the chat was then fixed where it failed them)' : 'fresh (written after the fixes, run once, not tuned on)'}: ${c.pass}/${c.n} (${pct(c.pass, c.n)})`,
  );
console.log(
  `time to first token: median ${quantile(ttft, 0.5).toFixed(0)} ms, p95 ${quantile(ttft, 0.95).toFixed(0)} ms; whole answer: median ${quantile(total, 0.5).toFixed(0)} ms, p95 ${quantile(total, 0.95).toFixed(0)} ms`,
);
if (failures.length) console.log(`\nfailed:\n${failures.join('\n')}`);
db.close();

// ---- 2. PubMedQA retrieval with the questions removed from the index
const dir = mkdtempSync(join(tmpdir(), 'materia-eval-'));
const copy = join(dir, 'content.sqlite');
copyFileSync(contentPath, copy);
const rw = new Database(copy);
rw.prepare("UPDATE documents SET title = NULL WHERE source = 'pubmedqa'").run();
rw.prepare("INSERT INTO documents_fts(documents_fts) VALUES('rebuild')").run();
rw.close();
const masked = openContentDb(copy);
const research = masked
  .prepare<[], { title: string; document_id: string; expert_answer: 'yes' | 'no' | 'maybe' }>(
    'SELECT title, document_id, expert_answer FROM research_items ORDER BY CAST(substr(id, 13) AS INTEGER)',
  )
  .all();
const blind = chatOn(masked, false);
let hit = 0;
let positioned = 0;
let agree = 0;
for (const r of research) {
  const turn = await blind.prepare({ messages: [{ role: 'user', content: r.title }], max_tokens: 1024 });
  if (
    turn.citations
      .filter((c) => c.type === 'document')
      .slice(0, 5)
      .some((c) => c.id === r.document_id)
  )
    hit++;
  if (turn.position) {
    positioned++;
    if (turn.position === r.expert_answer) agree++;
  }
}
console.log(
  `\nPubMedQA PQA-L, each question removed from the index (no research items, PubMedQA titles blanked): ${research.length} questions`,
);
console.log(
  `recall@5 of the source abstract ${pct(hit, research.length)} (${hit}/${research.length}); position taken ${pct(positioned, research.length)}; agreement where taken ${pct(agree, positioned)} (${agree}/${positioned})`,
);
masked.close();
rmSync(dir, { recursive: true, force: true });
await embedder?.close();
