/**
 * `npm run eval:on-topic`: how well the meaning check of "does this study address the question?" (src/main/chat/on-topic.ts)
 * separates the hand-labelled pairs of bench/data/on-topic.jsonl. `-- --calibrate` chooses the middle of the thresholds
 * with the best accuracy and rewrites src/main/chat/on-topic-thresholds.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { titleSimilarity } from '../src/main/chat/on-topic.ts';
import { ON_TOPIC_THRESHOLDS } from '../src/main/chat/on-topic-thresholds.ts';
import { startWorkerEmbedder } from '../src/main/search/embedder.ts';
import { DEFAULT_MODEL, missingModelFiles } from '../src/main/search/model-files.ts';

const root = resolve(import.meta.dirname, '..');
const model = {
  modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
  modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? resolve(root, 'resources/models')),
};
if (missingModelFiles(model).length) throw new Error(`no embedding model at ${model.modelDir}/${model.modelId}`);
const e = await startWorkerEmbedder(model);
const pairs = readFileSync(resolve(import.meta.dirname, 'data/on-topic.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { question: string; title: string; on_topic: boolean });
const scored: { s: number; on: boolean }[] = [];
for (const p of pairs) scored.push({ s: await titleSimilarity(e, p.question, p.title), on: p.on_topic });
const accuracy = (t: number) => scored.filter((x) => x.s >= t === x.on).length;
// the middle of the thresholds with the best accuracy: as far from the labelled pairs on either side as they allow
const grid = Array.from({ length: 76 }, (_, i) => Math.round((0.2 + i * 0.01) * 100) / 100);
const top = Math.max(...grid.map(accuracy));
const tied = grid.filter((t) => accuracy(t) === top);
const best = { t: tied[Math.floor(tied.length / 2)]!, acc: top };
const date = new Date().toISOString().slice(0, 10);
const current = ON_TOPIC_THRESHOLDS[e.modelId]?.similarity;
const t = process.argv.includes('--calibrate') ? best.t : current;
console.log(`${pairs.length} labelled pairs (${scored.filter((x) => x.on).length} on topic), ${e.modelId}, ${date}`);
console.log(`best threshold ${best.t}: ${best.acc}/${pairs.length} right`);
if (t !== undefined) {
  const tp = scored.filter((x) => x.on && x.s >= t).length;
  const fp = scored.filter((x) => !x.on && x.s >= t).length;
  console.log(
    `at ${t}: accuracy ${accuracy(t)}/${pairs.length}; on-topic kept ${tp}/${scored.filter((x) => x.on).length}; off-topic let through ${fp}/${scored.filter((x) => !x.on).length}`,
  );
}
if (process.argv.includes('--calibrate')) {
  const all = {
    ...ON_TOPIC_THRESHOLDS,
    [e.modelId]: { similarity: best.t, calibrated: date, pairs: `${best.acc}/${pairs.length} labelled pairs right` },
  };
  writeFileSync(
    resolve(root, 'src/main/chat/on-topic-thresholds.ts'),
    '/** Written by `npm run eval:on-topic -- --calibrate` from bench/data/on-topic.jsonl: per model, the least cosine similarity of question and title for a study to count as addressing the question. */\n' +
      `export const ON_TOPIC_THRESHOLDS: Record<string, { similarity: number; calibrated: string; pairs: string }> = ${JSON.stringify(
        all,
        null,
        2,
      )
        .replace(/"(\w+)":/g, '$1:')
        .replace(/"/g, "'")};\n`,
  );
}
await e.close();
