/**
 * Reading and checking a pasted medication list of 30 lines (the blind round-1 lines, 20 lists): the vocabulary's line
 * reader (`readMedicationList`) and the whole interaction check on the list, against the peer the checker used before
 * it read lines — one resolver call per line (`resolveName`), which does not read doses. Same lines, same run, the
 * content database warm. Prints medians and the ratio ours / peer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { checkInteractions } from '../src/main/interactions/check.ts';
import { readMedicationList } from '../src/main/vocabulary/med-list.ts';
import { resolveName } from '../src/main/vocabulary/resolver.ts';
import { ms, ratio, timeEach } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const db = openContentDb(process.env.MATERIA_CONTENT_DB ?? join(import.meta.dirname, '../resources/db/content.sqlite'));
const lines = readFileSync(join(import.meta.dirname, 'data/blind/medlines-r1.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { line: string }).line);
const lists = Array.from({ length: 20 }, (_, i) => lines.slice(i * 30, i * 30 + 30));
readMedicationList(db, lists[0]!.join('\n'));
checkInteractions(db, lists[0]!);
const read = await timeEach(lists, ROUNDS, (l) => readMedicationList(db, l.join('\n')));
const peer = await timeEach(lists, ROUNDS, (l) => l.map((x) => resolveName(db, x)));
const check = await timeEach(lists, ROUNDS, (l) => checkInteractions(db, l));
console.log('| workload (30-line list) | median | p95 | peer: resolveName per line, median | ratio |');
console.log('|---|---|---|---|---|');
console.log(
  `| read the list (lines, doses, names) | ${ms(read.median)} | ${ms(read.p95)} | ${ms(peer.median)} | ${ratio(read.median, peer.median)} |`,
);
console.log(`| read and check every pair | ${ms(check.median)} | ${ms(check.p95)} | — | — |`);
db.close();
