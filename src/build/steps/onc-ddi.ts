/**
 * The ONC drug-drug interaction lists (Phansalkar 2012, 2013; via dbmi-pitt/public-PDDI-analysis), expanded to drug
 * pairs with DrugBank ids. High-priority pairs are "contraindicated / interruptive" by definition of the list; the
 * non-interruptive list holds pairs the panel judged should inform without interrupting, mapped to `minor`. Neither
 * file has mechanism or management text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { DrugBankEntry } from './drugbank.ts';
import type { IxNames } from './interaction-names.ts';
import { ONC_FILES } from './interaction-inputs.ts';

const LISTS = [
  {
    file: ONC_FILES[0]!,
    source: 'onc_high_priority',
    level: 'high priority (interruptive)',
    severity: 'contraindicated',
    reference:
      'ONC high-priority DDI list: Phansalkar S et al., "High-priority drug-drug interactions for use in electronic health records", J Am Med Inform Assoc 2012;19:735-43',
  },
  {
    file: ONC_FILES[1]!,
    source: 'onc_non_interruptive',
    level: 'non-interruptive',
    severity: 'minor',
    reference:
      'ONC non-interruptive DDI list: Phansalkar S et al., "Drug-drug interactions that should be non-interruptive in order to reduce alert fatigue in electronic health records", J Am Med Inform Assoc 2013;20:489-93',
  },
] as const;

export function loadOnc(
  db: Database,
  names: IxNames,
  drugbank: Map<string, DrugBankEntry>,
  dataDir: string,
): Record<string, number> {
  const insert = db.prepare(`INSERT INTO ix_pairs (a, b, source, level, severity, a_name, b_name, text, reference)
    VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`);
  const counts: Record<string, number> = {};
  for (const list of LISTS) {
    const text = readFileSync(join(dataDir, list.file), 'utf8').replace(/^\uFEFF/, '');
    const seen = new Set<string>();
    for (const line of text.split(/\r\n|\r|\n/)) {
      if (!line.trim()) continue;
      const [n1, id1, n2, id2] = line.split('$').map((s) => s.trim());
      if (!n1 || !n2) throw new Error(`${list.file}: unexpected line ${JSON.stringify(line)}`);
      // The DrugBank id decides the identity where it is in our vocabulary ("Esmoprazole" is a typo in the list).
      const name1 = drugbank.get(id1 ?? '')?.name ?? n1;
      const name2 = drugbank.get(id2 ?? '')?.name ?? n2;
      const [k1] = names.add(name1, 'onc');
      const [k2] = names.add(name2, 'onc');
      if (name1 !== n1) names.add(n1, 'onc', [k1!]);
      if (name2 !== n2) names.add(n2, 'onc', [k2!]);
      if (!k1 || !k2 || k1 === k2) continue;
      const [a, b, an, bn] = k1 < k2 ? [k1, k2, name1, name2] : [k2, k1, name2, name1];
      if (seen.has(`${a}\0${b}`)) continue;
      seen.add(`${a}\0${b}`);
      insert.run(a, b, list.source, list.level, list.severity, an, bn, list.reference);
    }
    counts[list.source] = seen.size;
  }
  return counts;
}
