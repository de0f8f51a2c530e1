/**
 * Audits the stack builder over every goal in the content database, with the defaults and with every opt-in (all
 * grades, approved medicines, research-only, veterinary-only, SARMs, anabolic steroids; 6 compounds), alone and beside
 * each of a set of medications. For every stack it re-checks, independently of the selection, that no two items share
 * a duplication group, that no pair (within the stack or with the medication) is moderate or worse by the interaction
 * checker itself (POST /v1/tools/interactions/check), and that the defaults hold no research-only, veterinary-only,
 * SARM or anabolic-steroid compound. Prints the counts; exits non-zero on any violation.
 *
 *   cd /work/main && npx tsx bench/eval-stacks.ts
 */
import { join, resolve } from 'node:path';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { openContentDb } from '../src/main/db/connection.ts';
import { MonographRepo } from '../src/main/monographs/monograph-repo.ts';
import { SEVERITY_RANK } from '../src/main/interactions/rules.ts';
import { interactionsTool } from '../src/main/tools/interactions/tool.ts';
import type { ToolContext } from '../src/main/tools/tool.ts';
import { peptideStackTool } from '../src/main/tools/peptide-stack/tool.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const content = openContentDb(
  resolve(process.env.MATERIA_CONTENT_DB ?? join(REPO_ROOT, 'resources/db/content.sqlite')),
);
const compounds = new CompoundRepo(content);
const ctx: ToolContext = {
  content,
  compounds,
  monographs: new MonographRepo(content, compounds),
  now: () => Date.now(),
};

const MEDICATIONS = [
  null,
  'sertraline',
  'warfarin',
  'fluvoxamine',
  'phenelzine',
  'lithium',
  'testosterone cypionate',
  'SSRIs',
];
const ALL_IN = {
  max_compounds: 6,
  min_evidence_grade: 'E',
  include_approved_medicines: true,
  include_research_only: true,
  include_veterinary_only: true,
  include_sarms: true,
  include_anabolic_steroids: true,
} as const;

const goals = (
  content.prepare("SELECT DISTINCT replace(subcategory, '-', '_') AS g FROM compounds ORDER BY g").all() as {
    g: string;
  }[]
).map((r) => r.g);
const worst = (a: string, b: string) =>
  interactionsTool.run(ctx, interactionsTool.request.parse({ substances: [a, b] })).highest_severity;
const tooSevere = (s: string) =>
  s !== 'none' && SEVERITY_RANK[s as keyof typeof SEVERITY_RANK] <= SEVERITY_RANK.moderate;

let stacks = 0;
let items = 0;
let pairsChecked = 0;
const violations: string[] = [];
const reasons = new Map<string, number>();
for (const goal of goals) {
  for (const med of MEDICATIONS) {
    for (const [mode, constraints] of [
      ['defaults', { max_compounds: 6 }],
      ['all opt-ins', ALL_IN],
    ] as const) {
      const body = { goals: [goal], constraints: { ...constraints, current_medications: med ? [med] : [] } };
      const out = peptideStackTool.run(ctx, peptideStackTool.request.parse(body) as never);
      stacks++;
      items += out.stack.length;
      for (const n of out.not_selected) reasons.set(n.reason, (reasons.get(n.reason) ?? 0) + 1);
      const where = `${goal} (${mode}${med ? `, on ${med}` : ''})`;
      const seen = new Map<string, string>();
      for (const s of out.stack) {
        for (const g of s.duplication_groups) {
          if (seen.has(g)) violations.push(`${where}: ${seen.get(g)} and ${s.slug} are both ${g}`);
          seen.set(g, s.slug);
        }
        if (
          mode === 'defaults' &&
          (s.status === 'research_only' ||
            s.category === 'sarm' ||
            s.duplication_groups.includes('androgen_receptor_agonists'))
        ) {
          violations.push(`${where}: ${s.slug} needs an opt-in`);
        }
      }
      const names = [...out.stack.map((s) => s.slug), ...(med ? [med] : [])];
      for (let i = 0; i < out.stack.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          pairsChecked++;
          const sev = worst(names[i]!, names[j]!);
          if (tooSevere(sev)) violations.push(`${where}: ${names[i]} + ${names[j]} is ${sev}`);
        }
      }
    }
  }
}

console.log(
  `goals ${goals.length}, medication settings ${MEDICATIONS.length}, stacks ${stacks}, items ${items}, pairs re-checked ${pairsChecked}`,
);
console.log(
  `left out: ${[...reasons]
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${r} ${n}`)
    .join(', ')}`,
);
console.log(`violations: ${violations.length}`);
for (const v of violations.slice(0, 20)) console.log(`  ${v}`);
content.close();
process.exit(violations.length ? 1 : 0);
