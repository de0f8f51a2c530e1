/**
 * A question about what a named compound does ("Does vitamin D prevent fractures?", "Does creatine damage the
 * kidneys?", "Is melatonin effective for jet lag?") is answered from the compound's own monograph and record first:
 * the indication, clinical outcome or safety sentence that shares most of the question's words (with the records'
 * synonyms: kidney/renal, liver/hepatic…) leads, with its evidence grade; a study from the library may follow, but
 * only the records say what the knowledge base concludes.
 */
import { questionWords, relevance } from '../compose.ts';
import { contentWords } from './literature.ts';
import { sentence, type Source, type Statement } from '../evidence.ts';
import { gradeText, subjects } from './records.ts';
import type { Agent } from './types.ts';

/** Kinds of question other agents answer about a compound. */
const ELSEWHERE = [
  'dosing',
  'contraindications',
  'pregnancy',
  'monitoring',
  'cost',
  'structure',
  'regulatory',
  'comparison',
  'mechanism',
  'related',
  'literature',
  'stack',
  'protocol',
  'document',
] as const;

const ASKS_EFFECT =
  /\b(?:does|do|did|is|are|can|could|will|should|would)\b.*\b(?:work|works|effective|help|helps|prevent|prevents|reduce|reduces|lower|lowers|raise|raises|improve|improves|increase|increases|cause|causes|damage|damages|harm|harms|hurt|protect|protects|treat|treats|safe|good for|bad for|worth|useful|benefit)\b|\bfor\b.{1,40}\?$/i;

interface Candidate {
  text: string;
  source: Source;
  grade: string;
  kind: 'indication' | 'outcome' | 'safety' | 'record';
}

export const compoundQuestionAgent: Agent = {
  id: 'compound_question',
  name: 'Question about a compound',
  group: 'compound',
  covers:
    'what a named compound does for an outcome or a risk ("does X prevent Y?", "does X damage Z?"), answered from its monograph\'s indications, clinical outcomes and safety text and its record, with the evidence grade',
  uses: [
    'monographs (indications, clinical evidence, safety profile)',
    'compound records (benefits, side effects, description)',
  ],
  example: 'Does creatine damage the kidneys?',
  route: (a) => {
    const named = a.compounds.filter((c) => !c.family);
    if (
      !named.length ||
      a.substances.length >= 2 ||
      ELSEWHERE.some((i) => a.intents.has(i)) ||
      !ASKS_EFFECT.test(a.text)
    )
      return 0;
    const names = new Set(named.flatMap((c) => contentWords(`${c.matched} ${c.name}`)));
    return questionWords(contentWords(a.text).filter((w) => !names.has(w))).length ? 0.92 : 0;
  },
  run(a, deps) {
    const subs = subjects(
      deps,
      a.compounds.filter((c) => !c.family),
      2,
    );
    const names = new Set(a.compounds.flatMap((c) => contentWords(`${c.matched} ${c.name}`)));
    const topic = contentWords(a.text).filter((w) => !names.has(w));
    const words = questionWords(topic);
    const statements: Statement[] = [];
    let lead: Statement | undefined;
    for (const { record: r, monograph: m, rec, mono } of subs) {
      const cands: Candidate[] = [];
      if (m && mono) {
        for (const i of m.indications)
          cands.push({
            text: `${i.condition}: evidence grade ${i.evidence_grade}; studied at ${i.typical_dosage}`,
            source: mono,
            grade: i.evidence_grade,
            kind: 'indication',
          });
        for (const o of m.clinical_evidence.clinical_outcomes)
          cands.push({ text: o, source: mono, grade: r.evidence_grade, kind: 'outcome' });
        for (const t of m.safety_profile.adverse_events.split(/(?<=[.;])\s+(?=[A-Z])/))
          cands.push({ text: t, source: mono, grade: r.evidence_grade, kind: 'safety' });
        for (const e of m.safety_profile.serious_side_effects)
          cands.push({
            text: `Serious, ${e.frequency.replace('_', ' ')}: ${e.effect}${e.notes ? ` (${e.notes})` : ''}`,
            source: mono,
            grade: r.evidence_grade,
            kind: 'safety',
          });
        for (const c of m.safety_profile.contraindications)
          cands.push({ text: `Contraindication: ${c}`, source: mono, grade: r.evidence_grade, kind: 'safety' });
      }
      for (const b of r.benefits) cands.push({ text: b, source: rec, grade: r.evidence_grade, kind: 'record' });
      for (const t of r.description.split(/(?<=[.;])\s+(?=[A-Z])/))
        cands.push({ text: t, source: rec, grade: r.evidence_grade, kind: 'record' });
      const scored = cands
        .map((c, i) => ({ c, i, s: relevance(c.text, words) }))
        .filter((x) => x.s > 0)
        .sort(
          (x, y) =>
            y.s - x.s || (x.c.kind === 'indication' ? -1 : 0) - (y.c.kind === 'indication' ? -1 : 0) || x.i - y.i,
        );
      if (!scored.length) {
        statements.push({
          text: sentence(
            `Neither the ${r.name} record${m ? ' nor its monograph' : ''} says anything about ${topic.join(' ')}; the compound's overall evidence grade is ${gradeText(r.evidence_grade)}`,
          ),
          sources: [mono ?? rec],
        });
        continue;
      }
      const best = scored[0]!.c;
      const first: Statement = {
        text: sentence(
          `${r.name}, from its ${best.source === mono ? 'monograph' : 'record'}: ${best.text.replace(/\.$/, '')}${best.kind === 'indication' ? '' : ` (the compound's evidence grade: ${best.grade})`}`,
        ),
        sources: [best.source],
      };
      if (!lead) lead = first;
      else statements.push(first);
      for (const x of scored.slice(1, 3))
        statements.push({ text: sentence(`${r.name}: ${x.c.text}`), sources: [x.c.source] });
    }
    return {
      title: `From the records: ${subs.map((s) => s.record.name).join(', ')}`,
      statements: lead ? [lead, ...statements] : statements,
      ...(lead ? { lead } : {}),
    };
  },
};
