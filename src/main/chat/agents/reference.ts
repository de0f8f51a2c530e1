/**
 * Reference specialists: lab reference ranges (NLM LHC flowsheet), foods richest in a nutrient (USDA SR28), and a
 * glossary of the vocabularies this knowledge base uses (evidence grades, statuses, study designs, severities…).
 */
import { EVIDENCE_GRADE_MEANING, EVIDENCE_GRADES } from '../../../shared/enums.ts';
import { NUTRIENTS } from '../../tools/nutrition/compute.ts';
import { rangeText } from '../../tools/bloodwork/compute.ts';
import { cite, sentence, type Statement } from '../evidence.ts';
import type { Agent } from './types.ts';

interface LabRow {
  loinc: string;
  name: string;
  long_name: string | null;
  units: string | null;
  range_text: string | null;
  low: number | null;
  high: number | null;
  danger_low: number | null;
  danger_high: number | null;
}

export const labReferenceAgent: Agent = {
  id: 'lab_reference',
  name: 'Lab reference ranges',
  group: 'reference',
  covers: 'the normal range and critical limits of a lab test, LOINC-coded',
  uses: ['NLM LHC flowsheet reference ranges (lab_tests)', "the bloodwork analyzer's test names"],
  example: 'What is the normal range for TSH?',
  route: (a) => (a.labs.length && a.intents.has('labRange') ? 0.9 : 0),
  run(a, deps) {
    const get = deps.content.prepare<[string], LabRow>(
      'SELECT loinc, name, long_name, units, range_text, low, high, danger_low, danger_high FROM lab_tests WHERE loinc = ? ORDER BY rowid LIMIT 1',
    );
    const statements: Statement[] = [];
    for (const l of a.labs.slice(0, 3)) {
      const r = get.get(l.loinc);
      if (!r) continue;
      const c = cite.labTest(r.loinc, r.name);
      const unit = r.units ?? '';
      statements.push({
        text: sentence(
          `${r.name} (${r.long_name ?? r.name}, LOINC ${r.loinc}): reference range ${r.low !== null || r.high !== null ? rangeText(r.low, r.high, unit) : (r.range_text ?? 'not given')}`,
        ),
        sources: [c],
      });
      if (r.danger_low !== null || r.danger_high !== null)
        statements.push({
          text: sentence(`Critical limits for ${r.name}: ${rangeText(r.danger_low, r.danger_high, unit)}`),
          sources: [c],
        });
    }
    if (statements.length)
      statements.push({
        text: sentence(
          "These are one institution's adult ranges without sex or age adjustment; the reporting laboratory's own range takes precedence",
        ),
        sources: [cite.labTest(a.labs[0]!.loinc, get.get(a.labs[0]!.loinc)?.name ?? a.labs[0]!.alias)],
      });
    return { title: 'Lab reference ranges', statements };
  },
};

const NUTRIENT_WORDS: { key: string; re: RegExp }[] = [
  { key: 'protein', re: /\bprotein\b/i },
  { key: 'fiber', re: /\bfib(?:re|er)\b/i },
  { key: 'calcium', re: /\bcalcium\b/i },
  { key: 'iron', re: /\biron\b/i },
  { key: 'magnesium', re: /\bmagnesium\b/i },
  { key: 'zinc', re: /\bzinc\b/i },
  { key: 'potassium', re: /\bpotassium\b/i },
  { key: 'vitamin_c', re: /\bvitamin c\b/i },
  { key: 'vitamin_d', re: /\bvitamin d\b/i },
  { key: 'vitamin_b12', re: /\b(?:vitamin )?b12\b/i },
  { key: 'folate_dfe', re: /\bfol(?:ate|ic acid)\b/i },
  { key: 'vitamin_a_rae', re: /\bvitamin a\b/i },
];
const SKIP_GROUPS = [
  'Baby Foods',
  'Fast Foods',
  'Restaurant Foods',
  'Meals, Entrees, and Side Dishes',
  'American Indian/Alaska Native Foods',
  'Spices and Herbs',
  'Beverages',
];

export const nutrientSourcesAgent: Agent = {
  id: 'nutrient_sources',
  name: 'Food sources of a nutrient',
  group: 'reference',
  covers: 'which everyday foods hold the most of a nutrient in one common household measure',
  uses: ['USDA SR28 foods, nutrients and household weights'],
  example: 'Which foods are high in magnesium?',
  route: (a) => (a.intents.has('foodSources') && NUTRIENT_WORDS.some((n) => n.re.test(a.text)) ? 0.9 : 0),
  run(a, deps) {
    const n = NUTRIENT_WORDS.find((w) => w.re.test(a.text))!;
    const def = NUTRIENTS.find((x) => x.key === n.key)!;
    const rows = deps.content
      .prepare<
        [string],
        { ndb_no: string; description: string; per100: number; measure: string; amount: number; grams: number }
      >(
        `SELECT f.ndb_no, f.description, v.value AS per100, w.measure, w.amount, w.grams FROM food_nutrients v JOIN foods f ON f.ndb_no = v.ndb_no
       JOIN food_weights w ON w.ndb_no = f.ndb_no AND w.seq = 1
       WHERE v.nutr_no = ? AND f.manufacturer IS NULL AND f.food_group NOT IN (${SKIP_GROUPS.map((g) => `'${g.replace(/'/g, "''")}'`).join(', ')})
       ORDER BY v.value * w.grams DESC, f.ndb_no LIMIT 200`,
      )
      .all(def.nutr_no);
    const seen = new Set<string>();
    const picked = rows
      .filter((r) => {
        const k = r.description.split(',')[0]!.toLowerCase();
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .slice(0, 6);
    const round = (x: number) => (x >= 100 ? Math.round(x) : Math.round(x * 10) / 10);
    return {
      title: `Food sources: ${def.name}`,
      statements: picked.map((r) => ({
        text: sentence(
          `${r.description}: ${round((r.per100 * r.grams) / 100)} ${def.unit} ${def.name.toLowerCase()} in ${r.amount} ${r.measure} (${round(r.grams)} g; ${round(r.per100)} ${def.unit} per 100 g)${def.dv ? `, ${round((r.per100 * r.grams) / def.dv)}% of the ${def.dv} ${def.unit} Daily Value` : ''}`,
        ),
        sources: [cite.food(r.ndb_no, r.description)],
      })),
    };
  },
};

interface Term {
  id: string;
  re: RegExp;
  text: string;
  title: string;
}

const RUBRIC = 'Materia evidence-grade rubric (spec §2.1; docs/content.md)';
const TERMS: Term[] = [
  ...EVIDENCE_GRADES.map((g) => ({
    id: `evidence_grade/${g}`,
    re: new RegExp(`\\b(?:grade|evidence grade) ${g}\\b`, 'i'),
    title: RUBRIC,
    text: `Evidence grade ${g} means "${EVIDENCE_GRADE_MEANING[g]}"`,
  })),
  {
    id: 'evidence_grade',
    re: /\bevidence grades?\b(?! [a-e]\b)/i,
    title: RUBRIC,
    text: 'Evidence grades run from A (strong human clinical evidence: regulatory approval, or several RCTs or a meta-analysis agreeing on a benefit) through B (some controlled human data), C (strong preclinical data only), D (human trials that conflict or are null) to E (theoretical or not well studied)',
  },
  {
    id: 'status/research_only',
    re: /\bresearch[ _-]only\b|\bresearch chemicals?\b/i,
    title: 'Materia status vocabulary (docs/content.md)',
    text: 'Research-only means sold as a research chemical: neither an FDA- or EMA-approved drug nor a lawful dietary supplement in the US (most SARMs and many peptides)',
  },
  {
    id: 'status/investigational',
    re: /\binvestigational\b/i,
    title: 'Materia status vocabulary (docs/content.md)',
    text: 'Investigational means in clinical trials and not approved',
  },
  {
    id: 'status/withdrawn',
    re: /\bwithdrawn\b/i,
    title: 'Materia status vocabulary (docs/content.md)',
    text: 'Withdrawn means the approval was withdrawn or the product removed from the market',
  },
  {
    id: 'status/approved',
    re: /\bapproved status\b|\bstatus approved\b/i,
    title: 'Materia status vocabulary (docs/content.md)',
    text: 'Approved means an FDA- or EMA-approved drug product, prescription or over the counter',
  },
  {
    id: 'study_design/randomized_trial',
    re: /\b(?:rct|randomi[sz]ed (?:controlled )?trial)s?\b/i,
    title: 'Materia study-design rubric (docs/content.md)',
    text: 'A randomised controlled trial (RCT) assigns participants to treatment or control by chance; in this library it is recognised by words such as randomised, placebo-controlled or double-blind, and graded A',
  },
  {
    id: 'study_design/meta_analysis',
    re: /\bmeta-?analys[ie]s\b|\bsystematic reviews?\b/i,
    title: 'Materia study-design rubric (docs/content.md)',
    text: 'A meta-analysis or systematic review pools the results of several studies; in this library it is graded A',
  },
  {
    id: 'study_design/cohort',
    re: /\bcohort stud(?:y|ies)\b/i,
    title: 'Materia study-design rubric (docs/content.md)',
    text: 'A cohort study follows groups over time to compare outcomes; in this library it is graded B',
  },
  {
    id: 'study_design/case_control',
    re: /\bcase[- ]control\b/i,
    title: 'Materia study-design rubric (docs/content.md)',
    text: 'A case-control study compares people with an outcome to people without it, looking back at exposures; in this library it is graded B',
  },
  {
    id: 'interaction_severity',
    re: /\b(?:major|moderate|minor) interactions?\b|\binteraction severity\b/i,
    title: 'Materia interaction-severity vocabulary (docs/content.md)',
    text: 'Interaction severity: major means avoid or act, moderate means monitor or adjust, minor means little clinical effect; DDInter pairs without a level are reported as unknown',
  },
  {
    id: 'frequency_band',
    re: /\bvery common\b|\buncommon\b|\bfrequency bands?\b/i,
    title: 'EU SmPC frequency bands as used in Materia monographs (docs/content.md)',
    text: 'Side-effect frequency bands: very common at least 1 in 10, common at least 1 in 100, uncommon at least 1 in 1,000, rare less than 1 in 1,000',
  },
];

export const glossaryAgent: Agent = {
  id: 'glossary',
  name: 'Glossary',
  group: 'reference',
  covers:
    'what the terms of this knowledge base mean: evidence grades, statuses, study designs, interaction severities, frequency bands',
  uses: ['Materia vocabularies and rubrics (docs/content.md, spec §2.1)'],
  example: 'What does evidence grade C mean?',
  route: (a) => {
    if (!TERMS.some((t) => t.re.test(a.text))) return 0;
    return a.intents.has('glossary') ? 0.9 : a.intents.has('overview') && !a.compounds.length ? 0.8 : 0;
  },
  run(a) {
    return {
      title: 'Glossary',
      statements: TERMS.filter((t) => t.re.test(a.text))
        .slice(0, 4)
        .map((t) => ({ text: sentence(t.text), sources: [cite.vocabulary(t.id, t.title)] })),
    };
  },
};

export const GLOSSARY_TERM_IDS = TERMS.map((t) => t.id);
