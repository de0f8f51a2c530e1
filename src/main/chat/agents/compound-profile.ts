/**
 * Compound specialists for what a compound is: overview, mechanism, indications, evidence appraisal, regulatory
 * status, cost, chemical structure, related compounds and side-by-side comparison.
 */
import { EVIDENCE_GRADE_MEANING, type EvidenceGrade } from '../../../shared/enums.ts';
import { wadaStatement } from '../../tools/peptide-stack/compute.ts';
import { cite, sentence, type Statement } from '../evidence.ts';
import { compoundRoute } from './compound-clinical.ts';
import { facts, gradeText, list, perCompound, STATUS_TEXT, subjects, type Facts } from './records.ts';
import type { Agent } from './types.ts';
import { compoundQuestionAgent } from './compound-question.ts';

/** Intents other agents answer about a named compound; without any of them a named compound gets the overview. */
const SPECIFIC = [
  'dosing',
  'interactions',
  'contraindications',
  'side_effects',
  'mechanism',
  'indications',
  'evidence',
  'regulatory',
  'cost',
  'comparison',
  'structure',
  'related',
  'pregnancy',
  'monitoring',
  'literature',
  'stack',
  'protocol',
  'bioage',
  'inbody',
  'macros',
  'nutrition',
  'foodSources',
  'labRange',
  'glossary',
  'document',
] as const;

export const overviewAgent: Agent = {
  id: 'overview',
  name: 'Compound overview',
  group: 'compound',
  covers: 'what a compound is: description, category, status, evidence grade and main benefits',
  uses: ['compound records'],
  example: 'What is ashwagandha?',
  route: (a) => {
    if (!a.compounds.length) return 0;
    if (SPECIFIC.some((i) => a.intents.has(i))) return 0;
    // two or more substances and nothing else asked: the interaction checker is the answer
    if (a.substances.length >= 2 && !a.intents.has('overview')) return 0;
    // "does X prevent Y?" is answered from X's records by the compound-question agent
    if (compoundQuestionAgent.route(a) > 0) return 0;
    return a.intents.has('overview') ? 0.8 : 0.6;
  },
  run: perCompound('Overview', ({ record: r, rec }) => [
    { text: sentence(r.description), sources: [rec] },
    {
      text: sentence(
        `${r.name} is in the ${r.category.replace('_', ' ')} category (${r.subcategory.replace(/_/g, ' ')}); status: ${STATUS_TEXT[r.status] ?? r.status}; evidence grade ${gradeText(r.evidence_grade)}`,
      ),
      sources: [rec],
    },
    ...(r.benefits.length ? [{ text: sentence(`Reported benefits: ${list(r.benefits, 4)}`), sources: [rec] }] : []),
  ]),
};

export const mechanismAgent: Agent = {
  id: 'mechanism',
  name: 'Mechanism of action',
  group: 'compound',
  covers: 'how a compound works, from its monograph',
  uses: ['monographs (mechanism_of_action, classification)'],
  example: 'How does semaglutide work?',
  route: compoundRoute('mechanism'),
  run: perCompound('Mechanism', ({ record: r, monograph: m, rec, mono }) => {
    if (!m || !mono)
      return [
        {
          text: sentence(
            `The knowledge base has no monograph for ${r.name}, so it holds no mechanism of action; its record describes it as: ${r.description}`,
          ),
          sources: [rec],
        },
      ];
    return [
      { text: sentence(`${r.name} is classified as: ${m.classification.type}`), sources: [mono] },
      ...m.mechanism_of_action.map((x) => ({ text: sentence(x), sources: [mono] })),
    ];
  }),
};

export const indicationsAgent: Agent = {
  id: 'indications',
  name: 'Indications and uses',
  group: 'compound',
  covers: 'what a compound is used for, each use with its own evidence grade',
  uses: ['monographs (indications)', 'compound records (benefits)'],
  example: 'What is metformin used for?',
  route: compoundRoute('indications'),
  run: perCompound('Uses', ({ record: r, monograph: m, rec, mono }) => {
    if (!m || !mono || !m.indications.length)
      return [{ text: sentence(`${r.name} benefits listed in its record: ${list(r.benefits, 8)}`), sources: [rec] }];
    return m.indications.map((i) => ({
      text: sentence(
        `${r.name} for ${i.condition}: evidence grade ${i.evidence_grade}; typical dosage ${i.typical_dosage}; duration ${i.duration}`,
      ),
      sources: [mono],
    }));
  }),
};

export const evidenceAgent: Agent = {
  id: 'evidence_appraisal',
  name: 'Evidence appraisal',
  group: 'compound',
  covers:
    'how strong the evidence for a compound is: its grade by the A–E rubric, clinical outcomes, and the study designs of the documents linked to it',
  uses: [
    'compound records (evidence grade)',
    'monographs (clinical_evidence)',
    'compound–document links with study designs',
  ],
  example: 'How strong is the evidence for creatine?',
  route: compoundRoute('evidence'),
  run(a, deps) {
    const designs = deps.content.prepare<
      [string],
      { study_design: string; n: number }
    >(`SELECT d.study_design, count(*) AS n FROM compound_documents cd
      JOIN compounds c ON c.rowid = cd.compound_rowid JOIN documents d ON d.rowid = cd.document_rowid WHERE c.slug = ? GROUP BY d.study_design ORDER BY n DESC, d.study_design`);
    const best = deps.content.prepare<
      [string],
      {
        id: string;
        title: string | null;
        pmid: string | null;
        doi: string | null;
        url: string | null;
        journal: string | null;
        publication_year: number | null;
        study_design: string;
      }
    >(
      `SELECT d.id, d.title, d.pmid, d.doi, d.url, d.journal, d.publication_year, d.study_design FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
       JOIN documents d ON d.rowid = cd.document_rowid WHERE c.slug = ? AND d.study_design IN ('meta_analysis', 'randomized_trial') ORDER BY d.study_design, d.publication_year DESC, d.id LIMIT 2`,
    );
    return perCompound('Evidence', ({ record: r, monograph: m, rec, mono }) => {
      const out: Statement[] = [
        {
          text: sentence(
            `${r.name} has evidence grade ${r.evidence_grade}: ${EVIDENCE_GRADE_MEANING[r.evidence_grade as EvidenceGrade]}`,
          ),
          sources: [rec],
        },
      ];
      if (m && mono) {
        for (const o of m.clinical_evidence.clinical_outcomes.slice(0, 4))
          out.push({ text: sentence(o), sources: [mono] });
      }
      const counts = designs.all(r.slug);
      const total = counts.reduce((s, c) => s + c.n, 0);
      if (total) {
        out.push({
          text: sentence(
            `${total} documents in the library mention ${r.name}; by study design: ${counts.map((c) => `${c.study_design.replace(/_/g, ' ')} ${c.n}`).join(', ')}`,
          ),
          sources: [rec],
        });
        for (const d of best.all(r.slug))
          out.push({
            text: sentence(
              `Example of the strongest design (${d.study_design.replace(/_/g, ' ')}): ${d.title ?? `PubMed ${d.pmid}`}`,
            ),
            sources: [cite.document(d)],
          });
      } else {
        out.push({ text: sentence(`No document in the library mentions ${r.name}`), sources: [rec] });
      }
      return out;
    })(a, deps);
  },
};

export const regulatoryAgent: Agent = {
  id: 'regulatory_status',
  name: 'Regulatory status',
  group: 'compound',
  covers:
    'whether a compound is an approved drug, a supplement, investigational or research-only, its FDA status and anti-doping (WADA) status',
  uses: ['compound records (status, description)', 'monographs (safety_profile.fda_status, dosing notes)'],
  example: 'Is BPC-157 FDA approved?',
  route: compoundRoute('regulatory'),
  run: perCompound('Regulatory status', ({ record: r, monograph: m, rec, mono }) => {
    const out: Statement[] = [{ text: sentence(`${r.name} is ${STATUS_TEXT[r.status] ?? r.status}`), sources: [rec] }];
    if (m && mono) out.push({ text: sentence(`FDA status: ${m.safety_profile.fda_status}`), sources: [mono] });
    const wada = wadaStatement(r.description);
    if (wada) out.push({ text: sentence(wada.text), sources: [rec] });
    return out;
  }),
};

export const costAgent: Agent = {
  id: 'cost',
  name: 'Cost',
  group: 'compound',
  covers: 'what a compound typically costs and whether insurance covers it, from its monograph',
  uses: ['monographs (cost_estimate)'],
  example: 'How much does semaglutide cost?',
  route: compoundRoute('cost'),
  run: perCompound('Cost', ({ record: r, monograph: m, rec, mono }) =>
    m && mono
      ? [{ text: sentence(`${r.name}: ${m.cost_estimate}`), sources: [mono] }]
      : [
          {
            text: sentence(
              `The knowledge base has no cost estimate for ${r.name} (cost estimates are part of monographs, and ${r.name} has none)`,
            ),
            sources: [rec],
          },
        ],
  ),
};

export const structureAgent: Agent = {
  id: 'structure',
  name: 'Chemistry and structure',
  group: 'compound',
  covers: 'molecular formula, molecular weight, peptide sequence and structural class',
  uses: ['monographs (structure, full_name)'],
  example: 'What is the amino acid sequence of BPC-157?',
  route: compoundRoute('structure'),
  run: perCompound('Structure', ({ record: r, monograph: m, rec, mono }) => {
    if (!m || !mono)
      return [
        {
          text: sentence(`The knowledge base has no monograph, and so no structure data, for ${r.name}`),
          sources: [rec],
        },
      ];
    const s = m.structure;
    const out: Statement[] = [{ text: sentence(`${m.full_name}: ${s.type}`), sources: [mono] }];
    if (s.molecular_formula)
      out.push({
        text: sentence(
          `Molecular formula ${s.molecular_formula}${s.molecular_weight !== null ? `, molecular weight ${s.molecular_weight} g/mol` : ''}`,
        ),
        sources: [mono],
      });
    else
      out.push({
        text: sentence(
          `The monograph gives no single molecular formula for ${r.name} (an organism, mixture or extract, or withheld)`,
        ),
        sources: [mono],
      });
    if (s.sequence) out.push({ text: sentence(`Sequence: ${s.sequence}`), sources: [mono] });
    return out;
  }),
};

export const relatedAgent: Agent = {
  id: 'related_compounds',
  name: 'Related compounds and alternatives',
  group: 'compound',
  covers: 'compounds the monograph lists as related, with their status and evidence grade',
  uses: ['monographs (related_compounds)', 'compound records'],
  example: 'What are alternatives to BPC-157?',
  route: compoundRoute('related'),
  run: perCompound('Related compounds', ({ record: r, monograph: m, rec, mono }, deps) => {
    const slugs = m?.related_compounds ?? [];
    const rel = slugs.map((s) => facts(deps, s)).filter((f): f is Facts => f !== null);
    if (!rel.length || !mono)
      return [
        { text: sentence(`The knowledge base lists no related compounds for ${r.name}`), sources: [mono ?? rec] },
      ];
    return rel.map((f) => ({
      text: sentence(
        `${f.record.name} is listed as related to ${r.name}: ${f.record.category.replace('_', ' ')}, ${f.record.status.replace('_', ' ')}, evidence grade ${f.record.evidence_grade}`,
      ),
      sources: [mono, f.rec],
    }));
  }),
};

export const comparisonAgent: Agent = {
  id: 'comparison',
  name: 'Comparison',
  group: 'compound',
  covers: 'two or more compounds side by side: category, status, evidence grade, typical dose and linked research',
  uses: ['compound records', 'monographs (indications)'],
  example: 'Compare magnesium glycinate vs magnesium citrate',
  route: (a) =>
    a.compounds.length >= 2 &&
    (a.intents.has('comparison') || /\b(?:or|and)\b.*\bwhich\b|\bwhich\b.*\b(?:or|and)\b/i.test(a.text))
      ? 0.9
      : 0,
  run(a, deps) {
    const all = subjects(deps, a.compounds, 4, 4);
    return {
      title: `Comparison: ${all.map((f) => f.record.name).join(' vs ')}`,
      statements: all.flatMap(({ record: r, monograph: m, rec, mono }) => {
        const d = r.typical_dosing;
        const dose = !d
          ? 'dose not recorded'
          : d.amount === null
            ? 'no established human dose'
            : `typically ${d.amount} ${d.unit}, ${d.frequency}`;
        const out: Statement[] = [
          {
            text: sentence(
              `${r.name}: ${r.category.replace('_', ' ')} (${r.subcategory.replace(/_/g, ' ')}), ${STATUS_TEXT[r.status] ?? r.status}; evidence grade ${r.evidence_grade}; ${dose}; ${r.research_count ?? 0} linked documents`,
            ),
            sources: [rec],
          },
        ];
        if (m && mono && m.indications.length)
          out.push({
            text: sentence(
              `${r.name} indications: ${list(
                m.indications.map((i) => `${i.condition} (grade ${i.evidence_grade})`),
                4,
              )}`,
            ),
            sources: [mono],
          });
        return out;
      }),
    };
  },
};
