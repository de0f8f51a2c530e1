/**
 * `npm run eval:triage`: recall and precision per emergency category on the triage regression set
 * (bench/data/triage-regression.jsonl), for the rule layer alone and for rules + meaning layer (when the embedding
 * model is installed: MATERIA_MODEL / MATERIA_MODEL_DIR as for the server), on the dev and test splits.
 * `-- --calibrate` first chooses the meaning layer's thresholds on the dev split and rewrites
 * src/main/chat/triage/thresholds.ts: the (similarity, margin) pair with which the meaning layer alone finds the most
 * emergencies while flagging at most 5% of the other dev rows and blocking none of them.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { findCompounds } from '../src/main/chat/mentions.ts';
import { analyze } from '../src/main/chat/analyze.ts';
import { triageDrugs } from '../src/main/chat/triage-drugs.ts';
import { triage } from '../src/main/chat/triage/triage.ts';
import { MeaningTriage, type MeaningScores } from '../src/main/chat/triage/meaning.ts';
import { THRESHOLDS, type ThresholdFile } from '../src/main/chat/triage/thresholds.ts';
import { normalizeForTriage } from '../src/main/chat/triage/normalize.ts';
import { emergencyRules } from '../src/main/chat/triage/rules.ts';
import { startWorkerEmbedder, type Embedder } from '../src/main/search/embedder.ts';
import { DEFAULT_MODEL, missingModelFiles } from '../src/main/search/model-files.ts';
import { formatReport, loadRegression, score, type Outcome, type Row } from './triage-score.ts';

const root = resolve(import.meta.dirname, '..');
const contentDb = openContentDb(
  resolve(process.env.MATERIA_CONTENT_DB ?? resolve(root, 'resources/db/content.sqlite')),
);
const rows = loadRegression();
const calibrate = process.argv.includes('--calibrate');
const model = {
  modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
  modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? resolve(root, 'resources/models')),
};
const embedder: Embedder | null = missingModelFiles(model).length ? null : await startWorkerEmbedder(model);
const namesDrug = (r: Row) => findCompounds(contentDb, r.text).length > 0;
/** the medicines the message names, read as the chat reads them (analyze → vocabulary keys and classes) */
const drugsOf = (r: Row) => triageDrugs(contentDb, analyze(contentDb, [r.text]).compounds);

console.log(
  `triage regression set: ${rows.length} phrasings (${rows.filter((r) => r.split === 'dev').length} dev, ${rows.filter((r) => r.split === 'test').length} test); ${new Date().toISOString().slice(0, 10)}`,
);

let thresholds: ThresholdFile = THRESHOLDS;
if (calibrate) {
  if (!embedder) throw new Error(`no embedding model at ${model.modelDir}/${model.modelId}: nothing to calibrate`);
  const probe = new MeaningTriage(() => embedder, {});
  const dev = rows.filter((r) => r.split === 'dev');
  const scored: { row: Row; rules: boolean; s: MeaningScores }[] = [];
  for (const row of dev) {
    const rulesHit = emergencyRules(normalizeForTriage(row.text), namesDrug(row)).some(
      (h) => h.category === row.category,
    );
    scored.push({ row, rules: rulesHit, s: await probe.scores(embedder, row.text) });
  }
  // The meaning layer is the net under the rules, so it is tuned on its own: the most emergencies found by meaning
  // alone (right category), with at most 5% of the other dev rows flagged and none of them blocked (a flag of
  // self-harm or a child's ingestion replaces the answer); ties: fewer flags, then the higher similarity.
  const others = scored.filter((x) => x.row.expect !== 'emergency');
  const allowedFlags = Math.floor(others.length * 0.05);
  let best: { similarity: number; margin: number; found: number; flags: number; union: number } | null = null;
  for (let sim = 0.3; sim <= 0.95; sim += 0.01) {
    for (let margin = -0.1; margin <= 0.3; margin += 0.01) {
      let found = 0;
      let union = 0;
      let flags = 0;
      let blocks = 0;
      for (const x of scored) {
        const s = x.s.byCategory[x.s.best];
        const fires = s >= sim && s - x.s.none >= margin;
        if (x.row.expect === 'emergency') {
          if (fires && x.s.best === x.row.category) found++;
          if (x.rules || (fires && x.s.best === x.row.category)) union++;
        } else if (fires) {
          flags++;
          if (x.s.best === 'self_harm' || x.s.best === 'child_ingestion') blocks++;
        }
      }
      if (flags > allowedFlags || blocks > 0) continue;
      if (
        !best ||
        found > best.found ||
        (found === best.found && (flags < best.flags || (flags === best.flags && sim > best.similarity)))
      ) {
        best = { similarity: Math.round(sim * 100) / 100, margin: Math.round(margin * 100) / 100, found, flags, union };
      }
    }
  }
  const emergencies = scored.filter((x) => x.row.expect === 'emergency').length;
  const date = new Date().toISOString().slice(0, 10);
  thresholds = {
    ...THRESHOLDS,
    [embedder.modelId]: {
      similarity: best!.similarity,
      margin: best!.margin,
      calibrated: date,
      dev: `dev split: meaning alone found ${best!.found}/${emergencies} emergencies (rules + meaning ${best!.union}); it flagged ${best!.flags}/${others.length} near-misses, declines and ordinary questions, blocking none`,
    },
  };
  const file = resolve(root, 'src/main/chat/triage/thresholds.ts');
  const body =
    `/**\n * Meaning-layer thresholds per embedding model, chosen on the dev split of bench/data/triage-regression.jsonl by\n * \`npm run eval:triage -- --calibrate\` (which rewrites this file). A model missing here leaves triage to the rules.\n */\n` +
    'export interface Thresholds { similarity: number; margin: number; calibrated: string; dev: string }\nexport type ThresholdFile = Record<string, Thresholds>;\n\n' +
    `export const THRESHOLDS: ThresholdFile = ${JSON.stringify(thresholds, null, 2)
      .replace(/"(\w+)":/g, '$1:')
      .replace(/"/g, "'")};\n`;
  writeFileSync(file, body);
  console.log(
    `calibrated ${embedder.modelId}: similarity ≥ ${best!.similarity}, margin ≥ ${best!.margin} (${thresholds[embedder.modelId]!.dev})`,
  );
}

async function run(meaning: MeaningTriage | null, alone = false): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const row of rows) {
    const t = await triage(row.text, { namesDrug: namesDrug(row), meaning, drugs: drugsOf(row) });
    if (alone) {
      // the meaning layer by itself: its category only, leading the answer
      const m = await meaning!.classify(row.text);
      const hit = m.state === 'on' ? m.hit : null;
      out.push({
        row,
        triage: {
          ...t,
          categories: hit ? [hit.category] : [],
          level: hit ? 'lead' : null,
          by: hit ? ['meaning'] : [],
          decline: null,
        },
      });
    } else out.push({ row, triage: t });
  }
  return out;
}

const settings: [string, MeaningTriage | null, boolean][] = [['rules only', null, false]];
if (embedder && thresholds[embedder.modelId]) {
  const meaning = new MeaningTriage(() => embedder, thresholds, 10_000);
  settings.push(
    [`meaning alone (${embedder.modelId})`, meaning, true],
    [`rules + meaning (${embedder.modelId})`, meaning, false],
  );
} else
  console.log(
    embedder
      ? `no calibrated thresholds for ${embedder.modelId}: run with -- --calibrate`
      : `no embedding model at ${model.modelDir}/${model.modelId}: rules only`,
  );
for (const [name, meaning, alone] of settings) {
  const t0 = performance.now();
  const outcomes = await run(meaning, alone);
  const ms = (performance.now() - t0) / rows.length;
  for (const split of ['dev', 'test'] as const)
    console.log(`\n${formatReport(`${name}, ${split} split`, score(outcomes.filter((o) => o.row.split === split)))}`);
  console.log(
    `\n${formatReport(`${name}, all ${rows.length}`, score(outcomes)).split('\n').slice(0, 16).join('\n')}\n(${ms.toFixed(1)} ms a question)`,
  );
}
await embedder?.close();
contentDb.close();
