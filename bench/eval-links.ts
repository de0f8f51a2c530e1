/**
 * `npm run eval:links`: precision of the compound–document links (resources/build/steps/link.ts) on hand-labelled
 * links (bench/data/link-labels.jsonl). A link was labelled relevant when the document is about the compound as a
 * substance given, taken, tested or measured as intake or status (its effects, use, toxicity, pharmacology), and not
 * relevant when the name means something else (an enzyme, receptor, residue, the body's own molecule, a laboratory
 * reagent or tool, another molecule, an unrelated abbreviation) or the compound is only a covariate.
 *
 * Sets (field "set"), in the order they were labelled: "tuning", 308 links the filters were developed on (200 drawn
 * with seededSample(links, "<slug> <document id>", 200, 1414) from an intermediate build, plus 108 from an earlier,
 * looser linker); then four sets of 100, each drawn (seeds 2026, 2027, 2028, 2029) from the links of the linker of
 * that moment that were not yet labelled. Each held-out set was measured before any change prompted by its errors;
 * held_out_1 to held_out_3 were then used for general fixes, held_out_4 (the last) never was.
 * Precision is computed over the labelled links the current content database still has.
 *
 *   npm run eval:links [-- path/to/content.sqlite] [-- --errors]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_CONTENT_DB } from '../resources/build/paths.ts';

interface Label { compound: string; document: string; relevant: boolean; set: 'tuning' | 'held_out_1' | 'held_out_2' | 'held_out_3' | 'held_out_4' }
const labels = readFileSync(join(import.meta.dirname, 'data/link-labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Label);
const dbPath = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_CONTENT_DB);
const db = new Database(dbPath, { readonly: true });
const linked = db.prepare<[string, string], { n: number }>(`SELECT COUNT(*) AS n FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
  JOIN documents d ON d.rowid = cd.document_rowid WHERE c.slug = ? AND d.id = ?`);
const total = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM compound_documents').get()!.n;
console.log(`compound–document links in ${dbPath}: ${total}`);
const kept = labels.filter((l) => linked.get(l.compound, l.document)!.n > 0);
for (const set of ['tuning', 'held_out_1', 'held_out_2', 'held_out_3', 'held_out_4'] as const) {
  const inSet = labels.filter((l) => l.set === set);
  if (!inSet.length) continue;
  const k = kept.filter((l) => l.set === set);
  const relevant = k.filter((l) => l.relevant).length;
  const dropped = inSet.filter((l) => !k.includes(l));
  console.log(`${set.padEnd(11)} labelled ${String(inSet.length).padStart(3)}, still linked ${String(k.length).padStart(3)}, relevant ${String(relevant).padStart(3)}: precision ${((100 * relevant) / k.length).toFixed(1)}%; no longer linked ${dropped.length} (${dropped.filter((l) => !l.relevant).length} labelled not relevant)`);
}
const relevantAll = kept.filter((l) => l.relevant).length;
console.log(`all labelled links still linked: ${kept.length}, relevant ${relevantAll}: precision ${((100 * relevantAll) / kept.length).toFixed(1)}%`);
if (process.argv.includes('--errors')) for (const l of kept) if (!l.relevant) console.log(`  not relevant: ${l.compound} <- ${l.document}`);
