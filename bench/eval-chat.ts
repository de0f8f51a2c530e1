/**
 * `npm run eval:chat`: the chat on the 1,000 PubMedQA (PQA-L) questions of the content database, through the same
 * orchestrator as POST /v1/chat/completions (composed from the evidence; no language model).
 * - recall@5: how often the question's source abstract (documents `pubmedqa-<pmid>`) is among the first five
 *   document citations of the answer;
 * - agreement: where the answer takes a yes / no / maybe position, how often it equals the expert label (the
 *   label is never read by the chat; the position comes from the cited study's conclusion, src/main/chat/position.ts).
 * Two settings: the full system (the stored PubMedQA questions are searchable research items, so a question finds
 * its own item), and abstracts only (research items switched off: the abstract must be found from the question).
 */
import { resolve } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { MonographRepo } from '../src/main/monographs/monograph-repo.ts';
import { DocumentRepo } from '../src/main/documents/document-repo.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { createChatService } from '../src/main/chat/create.ts';
import type { ConversationStore } from '../src/main/chat/conversations.ts';

const contentDb = openContentDb(resolve(process.env.MATERIA_CONTENT_DB ?? resolve(import.meta.dirname, '../resources/db/content.sqlite')));
const compounds = new CompoundRepo(contentDb);
const sources = {
  compounds, monographs: new MonographRepo(contentDb, compounds), documents: new DocumentRepo(contentDb, false),
  search: new SearchService(contentDb, false, () => null), conversations: null as unknown as ConversationStore, now: Date.now,
};
const items = contentDb.prepare<[], { id: string; title: string; document_id: string; expert_answer: 'yes' | 'no' | 'maybe' }>(
  'SELECT id, title, document_id, expert_answer FROM research_items ORDER BY CAST(substr(id, 13) AS INTEGER)').all();

interface Tally { n: number; hit: number; positioned: number; agree: number; byLabel: Record<string, { n: number; agree: number }> }
const tally = (): Tally => ({ n: 0, hit: 0, positioned: 0, agree: 0, byLabel: { yes: { n: 0, agree: 0 }, no: { n: 0, agree: 0 }, maybe: { n: 0, agree: 0 } } });

async function run(useResearchItems: boolean): Promise<{ all: Tally; ms: number }> {
  const chat = createChatService(sources, { contentDb, llm: null, log: () => {}, useResearchItems });
  const all = tally();
  const t0 = performance.now();
  for (const item of items) {
    const turn = await chat.prepare({ messages: [{ role: 'user', content: item.title }], max_tokens: 1024 });
    const docs = turn.citations.filter((c) => c.type === 'document').slice(0, 5).map((c) => c.id);
    all.n++;
    if (docs.includes(item.document_id)) all.hit++;
    if (turn.position) {
      all.positioned++;
      all.byLabel[item.expert_answer]!.n++;
      if (turn.position === item.expert_answer) { all.agree++; all.byLabel[item.expert_answer]!.agree++; }
    }
  }
  return { all, ms: performance.now() - t0 };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const line = (name: string, t: Tally) => `${name.padEnd(15)} recall@5 ${pct(t.hit, t.n).padStart(6)} (${t.hit}/${t.n})   position taken ${pct(t.positioned, t.n).padStart(6)}   `
  + `agreement ${pct(t.agree, t.positioned).padStart(6)} (${t.agree}/${t.positioned}; yes ${pct(t.byLabel.yes!.agree, t.byLabel.yes!.n)}, no ${pct(t.byLabel.no!.agree, t.byLabel.no!.n)}, maybe ${pct(t.byLabel.maybe!.agree, t.byLabel.maybe!.n)})`;

const labels = { yes: 0, no: 0, maybe: 0 } as Record<string, number>;
for (const i of items) labels[i.expert_answer]!++;
console.log(`PubMedQA PQA-L: ${items.length} questions; labels yes ${labels.yes}, no ${labels.no}, maybe ${labels.maybe} (always answering "yes" agrees ${pct(labels.yes!, items.length)})`);
for (const [name, useResearchItems] of [['full system', true], ['abstracts only', false]] as const) {
  const r = await run(useResearchItems);
  console.log(line(name, r.all));
}
contentDb.close();
