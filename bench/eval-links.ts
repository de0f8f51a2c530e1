/**
 * `npm run eval:links`: precision of the compound–document links (resources/build/steps/link.ts) on hand-labelled
 * links (bench/data/link-labels.jsonl). A link was labelled relevant when the document is about the compound as a
 * substance given, taken, tested or measured as intake or status (its effects, use, toxicity, pharmacology), and not
 * relevant when the name means something else (an enzyme, receptor, residue, the body's own molecule, a laboratory
 * reagent or tool, another molecule, an unrelated abbreviation) or the compound is only a covariate.
 *
 * The sample: 200 links drawn with seededSample(links, "<slug> <document id>", 200, 1414) from the links of the build
 * of 2026-11-24 (bench/labelled-sample.ts), plus 108 links of an earlier, looser linker (kept: they test what the
 * filters remove). Precision is computed over the labelled links the current content database still has.
 *
 *   npm run eval:links [-- path/to/content.sqlite] [-- --errors]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_CONTENT_DB } from '../resources/build/paths.ts';

interface Label { compound: string; document: string; relevant: boolean }
const labels = readFileSync(join(import.meta.dirname, 'data/link-labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Label);
const dbPath = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_CONTENT_DB);
const db = new Database(dbPath, { readonly: true });
const linked = db.prepare<[string, string], { n: number }>(`SELECT COUNT(*) AS n FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
  JOIN documents d ON d.rowid = cd.document_rowid WHERE c.slug = ? AND d.id = ?`);
const kept = labels.filter((l) => linked.get(l.compound, l.document)!.n > 0);
const relevant = kept.filter((l) => l.relevant).length;
const dropped = labels.filter((l) => !kept.includes(l));
const total = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM compound_documents').get()!.n;
console.log(`compound–document links in ${dbPath}: ${total}`);
console.log(`labelled links still linked: ${kept.length} of ${labels.length}; relevant ${relevant}: precision ${((100 * relevant) / kept.length).toFixed(1)}%`);
console.log(`labelled links no longer linked: ${dropped.length} (${dropped.filter((l) => !l.relevant).length} of them labelled not relevant)`);
if (process.argv.includes('--errors')) for (const l of kept) if (!l.relevant) console.log(`  not relevant: ${l.compound} <- ${l.document}`);
