/**
 * Category specialists (one per spec §2.2 category) and the goal advisor. A category specialist answers questions
 * about its category as a whole ("which SARMs…", "what probiotics help gut health?"): its compounds, strongest
 * evidence first, narrowed to the question's goal when it names one, each with the fact that matters most for that
 * category. The goal advisor does the same across all categories for a goal ("what helps with sleep?").
 */
import { CATEGORIES, type Category } from '../../../shared/enums.ts';
import { toCompoundRecord, type CompoundRow } from '../../compounds/compound-repo.ts';
import type { CompoundRecord } from '../../../shared/schemas/compounds.ts';
import { wadaStatement } from '../../tools/peptide-stack/compute.ts';
import type { Goal } from '../analyze.ts';
import { cite, sentence, type Statement } from '../evidence.ts';
import { STATUS_TEXT } from './records.ts';
import type { Agent, AgentDeps } from './types.ts';

const LABEL: Record<Category, string> = {
  peptide: 'Peptides',
  supplement: 'Supplements',
  medication: 'Medications',
  sarm: 'SARMs',
  steroid: 'Steroids',
  nootropic: 'Nootropics',
  amino_acid: 'Amino acids',
  vitamin: 'Vitamins',
  mineral: 'Minerals',
  probiotic: 'Probiotics',
};

const dose = (r: CompoundRecord) => {
  const d = r.typical_dosing;
  return !d
    ? 'no dose recorded'
    : d.amount === null
      ? 'no established human dose'
      : `typically ${d.amount} ${d.unit}, ${d.frequency}`;
};

/** What each category's specialist adds for every compound it lists. */
const FOCUS: Record<Category, { what: string; line: (r: CompoundRecord) => string }> = {
  peptide: {
    what: 'status and whether a human dose is established',
    line: (r) => `${STATUS_TEXT[r.status] ?? r.status}; ${dose(r)}`,
  },
  supplement: { what: 'typical dose', line: (r) => dose(r) },
  medication: {
    what: 'approval status and main use',
    line: (r) => `${STATUS_TEXT[r.status] ?? r.status}; used for ${r.subcategory.replace(/_/g, ' ')}`,
  },
  sarm: {
    what: 'legal status and anti-doping status',
    line: (r) =>
      `${STATUS_TEXT[r.status] ?? r.status}${wadaStatement(r.description) ? `; ${wadaStatement(r.description)!.text.replace(/\.$/, '')}` : ''}`,
  },
  steroid: {
    what: 'status, anti-doping status and the first listed side effects',
    line: (r) =>
      `${STATUS_TEXT[r.status] ?? r.status}; side effects include ${r.side_effects.slice(0, 2).join('; ') || 'none listed'}`,
  },
  nootropic: {
    what: 'main use and status',
    line: (r) => `${r.subcategory.replace(/_/g, ' ')}; ${STATUS_TEXT[r.status] ?? r.status}`,
  },
  amino_acid: { what: 'typical dose', line: (r) => dose(r) },
  vitamin: { what: 'typical dose (repletion or supplementation)', line: (r) => dose(r) },
  mineral: {
    what: 'typical dose and form',
    line: (r) => `${dose(r)}${r.alt_names.length ? `; also called ${r.alt_names.slice(0, 2).join(', ')}` : ''}`,
  },
  probiotic: {
    what: 'strain names and main reported benefit',
    line: (r) => `${r.alt_names.slice(0, 2).join(', ') || r.name}; ${r.benefits[0] ?? 'no benefit listed'}`,
  },
};

const GRADE_ORDER = "CASE c.evidence_grade WHEN 'A' THEN 0 WHEN 'B' THEN 1 WHEN 'C' THEN 2 WHEN 'D' THEN 3 ELSE 4 END";

function compoundsOf(
  deps: AgentDeps,
  where: { category?: Category; subcategories?: string[] },
): { total: number; rows: CompoundRow[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (where.category) {
    clauses.push('c.category = ?');
    params.push(where.category);
  }
  if (where.subcategories?.length) {
    clauses.push(`c.subcategory IN (${where.subcategories.map(() => '?').join(', ')})`);
    params.push(...where.subcategories);
  }
  const rows = deps.content
    .prepare<string[], CompoundRow>(
      `SELECT c.*, (m.slug IS NOT NULL) AS has_monograph FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug
    ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''} ORDER BY ${GRADE_ORDER}, c.name COLLATE NOCASE`,
    )
    .all(...params);
  return { total: rows.length, rows };
}

const goalSubcategories = (goals: readonly Goal[]) => goals.flatMap((g) => g.subcategories);

function listing(
  records: CompoundRecord[],
  total: number,
  intro: string,
  line: (r: CompoundRecord) => string,
): Statement[] {
  const shown = records.slice(0, 6);
  const sources = shown.map((r) => cite.compound(r.slug, r.name));
  return [
    {
      text: sentence(
        `${intro}: ${total} in the knowledge base${total > shown.length ? `; the ${shown.length} with the strongest evidence` : ''}`,
      ),
      sources,
    },
    ...shown.map((r) => ({
      text: sentence(`${r.name} (grade ${r.evidence_grade}): ${line(r)}`),
      sources: [cite.compound(r.slug, r.name)],
    })),
  ];
}

function categoryAgent(category: Category): Agent {
  const label = LABEL[category];
  return {
    id: `category_${category}`,
    name: `${label} specialist`,
    group: 'category',
    covers: `${label.toLowerCase()} as a group: which ones the knowledge base holds, strongest evidence first, narrowed to a goal when the question names one, with ${FOCUS[category].what}`,
    uses: ['compound records', 'evidence grades'],
    example: {
      peptide: 'Which peptides are there for healing?',
      supplement: 'Which supplements help with sleep?',
      medication: 'Which medications are in the database for heart health?',
      sarm: 'What SARMs are in the database?',
      steroid: 'Which anabolic steroids are listed?',
      nootropic: 'Which nootropics have the best evidence?',
      amino_acid: 'Which amino acids help muscle?',
      vitamin: 'Which vitamins help bone health?',
      mineral: 'Which minerals are in the database?',
      probiotic: 'What probiotics help gut health?',
    }[category],
    route: (a) =>
      a.categories.includes(category) && !a.compounds.some((c) => !c.family) && !a.intents.has('stack') ? 0.85 : 0,
    run(a, deps) {
      const subs = goalSubcategories(a.goals);
      let found = compoundsOf(deps, { category, subcategories: subs });
      // "anabolic steroids" are not the corticosteroids the steroid category also holds
      if (category === 'steroid' && /\banabolic\b/i.test(a.text))
        found = { total: 0, rows: found.rows.filter((r) => r.subcategory !== 'corticosteroid') };
      found.total = found.rows.length;
      let intro = `${label}${a.goals.length ? ` for ${a.goals.map((g) => g.label).join(' or ')}` : ''}`;
      const statements: Statement[] = [];
      if (!found.total && subs.length) {
        const all = compoundsOf(deps, { category });
        statements.push({
          text: sentence(
            `The knowledge base has no ${label.toLowerCase()} whose main use is ${a.goals.map((g) => g.label).join(' or ')}`,
          ),
          sources: [],
        });
        found = all;
        intro = label;
      }
      statements.push(
        ...listing(
          found.rows.map((r) => toCompoundRecord(r)),
          found.total,
          intro,
          FOCUS[category].line,
        ),
      );
      return { title: `${label}${a.goals.length ? `: ${a.goals.map((g) => g.label).join(', ')}` : ''}`, statements };
    },
  };
}

export const categoryAgents: Agent[] = CATEGORIES.map(categoryAgent);

const ADVICE =
  /\b(?:help\w*|improv\w*|best|good for|boost\w*|support\w*|options?|recommend\w*|take for|anything for|natural\w*|what (?:can|should) i (?:take|use)|for better|aids?)\b/i;

export const goalAgent: Agent = {
  id: 'goal_advisor',
  name: 'Goal advisor',
  group: 'goal',
  covers:
    'compounds whose main use is a goal (sleep, cognition, muscle, fat loss, heart, gut, bone, immunity, mood, longevity, healing, energy, skin, joints, sexual health), across all categories, strongest evidence first',
  uses: ['compound records (subcategory, evidence grade, status, dosing)'],
  example: 'What helps with sleep?',
  route: (a) =>
    a.goals.length && !a.compounds.length && !a.categories.length && !a.intents.has('stack') && ADVICE.test(a.text)
      ? 0.8
      : 0,
  run(a, deps) {
    const found = compoundsOf(deps, { subcategories: goalSubcategories(a.goals) });
    const goals = a.goals.map((g) => g.label).join(' or ');
    if (!found.total)
      return {
        title: `Goal: ${goals}`,
        statements: [{ text: `The knowledge base has no compound whose main use is ${goals}.`, sources: [] }],
      };
    return {
      title: `Goal: ${goals}`,
      statements: listing(
        found.rows.map((r) => toCompoundRecord(r)),
        found.total,
        `Compounds whose main use is ${goals}`,
        (r) => `${r.category.replace('_', ' ')}, ${STATUS_TEXT[r.status] ?? r.status}; ${dose(r)}`,
      ),
    };
  },
};
