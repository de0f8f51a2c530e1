/**
 * Adds one labeller's file of compound–document link labels to bench/data/link-labels-independent.jsonl, read by
 * `npm run eval:links`.
 *
 *   npx tsx bench/import-link-labels.ts <labels.jsonl> <set>      e.g. labels1.jsonl independent_held_out
 *
 * Input lines: {compound, document, relevant, reason}. Output lines add "set". Lines of that set already in the file
 * are replaced (so importing a half again, after more of it was labelled, is safe); other sets are kept as they are.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [input, set] = process.argv.slice(2);
if (!input || !set || !/^independent_(?:dev|held_out)$/.test(set)) {
  console.error('usage: npx tsx bench/import-link-labels.ts <labels.jsonl> <independent_dev|independent_held_out>');
  process.exit(2);
}
const out = join(import.meta.dirname, 'data/link-labels-independent.jsonl');
let existing: string[] = [];
try {
  existing = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && (JSON.parse(l) as { set: string }).set !== set);
} catch {
  /* first import */
}
const added = readFileSync(input, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => {
    const r = JSON.parse(l) as { compound: string; document: string; relevant: boolean; reason?: string };
    if (typeof r.compound !== 'string' || typeof r.document !== 'string' || typeof r.relevant !== 'boolean')
      throw new Error(`bad label line: ${l}`);
    return JSON.stringify({
      compound: r.compound,
      document: r.document,
      relevant: r.relevant,
      reason: r.reason ?? '',
      set,
    });
  });
writeFileSync(out, `${[...existing, ...added].join('\n')}\n`);
console.log(
  `${out}: ${added.length} labels of ${set} (${added.filter((l) => l.includes('"relevant":true')).length} relevant), ${existing.length} of other sets kept`,
);
