/**
 * One routing test per registered agent: its example question (the one GET /v1/agents shows) must be answered by
 * that agent first, with the content it is for, backed by citations to records that exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentList } from '../../src/main/chat/agents/registry.ts';
import { ChatMessage } from '../../src/shared/schemas/chat.ts';
import { EMERGENCY_FIRST } from '../../src/main/chat/safety.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, expectCitationsExist } from '../helpers/chat.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
});

/** What each agent's answer to its example must hold: text snippets and cited records ("type:id"). */
const EXPECT: Record<string, { text: (string | RegExp)[]; cites: string[] }> = {
  safety: { text: [EMERGENCY_FIRST], cites: [] },
  tool_interactions: {
    text: ['No interaction is recorded for BPC-157 + Warfarin'],
    cites: ['method:/v1/tools/interactions/check'],
  },
  compound_question: {
    text: [
      'Creatine monohydrate, from its monograph: Controlled studies have not shown harm to kidney function in healthy people',
    ],
    cites: ['monograph:creatine-monohydrate'],
  },
  dosing: {
    text: ['Metformin: typically 500 mg, once or twice daily with meals'],
    cites: ['compound:metformin', 'monograph:metformin'],
  },
  interactions: {
    text: ['Warfarin + Amiodarone (major)', "Warfarin + St John's wort (major)"],
    cites: ['compound:warfarin'],
  },
  contraindications: {
    text: ['Metformin: Severe renal impairment (eGFR below 30 mL/min/1.73 m²).'],
    cites: ['monograph:metformin'],
  },
  side_effects: {
    text: ['Sertraline common side effects: Nausea (very common)', 'Serotonin syndrome (rare)'],
    cites: ['monograph:sertraline'],
  },
  pregnancy: {
    text: ['Warfarin: Embryopathy and fetal bleeding if used in pregnancy.'],
    cites: ['monograph:warfarin'],
  },
  monitoring: {
    text: ['Liver enzymes (ALT, AST), because the Atorvastatin monograph says'],
    cites: ['monograph:atorvastatin', 'lab_test:1742-6'],
  },
  overview: {
    text: ['Ashwagandha is in the supplement category (stress)', 'evidence grade B'],
    cites: ['compound:ashwagandha'],
  },
  indications: { text: ['Metformin for Type 2 diabetes mellitus: evidence grade A'], cites: ['monograph:metformin'] },
  mechanism: { text: ['Semaglutide is classified as: GLP-1 receptor agonist'], cites: ['monograph:semaglutide'] },
  evidence_appraisal: {
    text: ['Creatine monohydrate has evidence grade A: Strong human clinical evidence.'],
    cites: ['compound:creatine-monohydrate'],
  },
  regulatory_status: {
    text: ['BPC-157 is research-only', 'FDA status: Not FDA-approved for any use'],
    cites: ['compound:bpc-157', 'monograph:bpc-157'],
  },
  cost: { text: ['Semaglutide: Brand-only in the US'], cites: ['monograph:semaglutide'] },
  structure: {
    text: [
      'Molecular formula C62H98N16O22, molecular weight 1419.56 g/mol.',
      'Sequence: Gly Glu Pro Pro Pro Gly Lys Pro Ala Asp Asp Ala Gly Leu Val.',
    ],
    cites: ['monograph:bpc-157'],
  },
  related_compounds: {
    text: ['TB-500 is listed as related to BPC-157'],
    cites: ['monograph:bpc-157', 'compound:tb-500'],
  },
  comparison: {
    text: ['Magnesium glycinate: mineral', 'Magnesium citrate: mineral'],
    cites: ['compound:magnesium-glycinate', 'compound:magnesium-citrate'],
  },
  research_question: { text: [/Position this study supports: (?:yes|no|unclear)/], cites: [] },
  literature_finder: { text: ['vitamin D'], cites: [] },
  compound_studies: {
    text: ['documents in the library mention Creatine monohydrate; the strongest designs first.'],
    cites: ['compound:creatine-monohydrate'],
  },
  document_lookup: {
    text: ['Response to Escitalopram in Patients With Major Depressive Disorder (Front Psychiatry, 2021)'],
    cites: ['document:cord19-ak20jg32'],
  },
  lab_reference: { text: ['LOINC 3016-3): reference range 0.4–4.2 mU/L.'], cites: ['lab_test:3016-3'] },
  nutrient_sources: { text: [/mg magnesium in 1 cup/], cites: ['food:12014'] },
  glossary: { text: ['Evidence grade C means "Promising preclinical data".'], cites: ['vocabulary:evidence_grade/C'] },
  tool_bloodwork: {
    text: ['ferritin 8 ng/mL: low (reference 10–400 ng/mL)', 'tsh 6.2 mIU/L: high'],
    cites: ['lab_test:2276-4', 'lab_test:3016-3', 'method:/v1/tools/bloodwork/analyze'],
  },
  tool_bioage: {
    text: [/Phenotypic age \d+\.\d years/, 'All nine biomarkers are within the NLM reference ranges'],
    cites: ['method:/v1/tools/bioage/calculate'],
  },
  tool_inbody: { text: ['BMI 24.7 kg/m², WHO class: normal range'], cites: ['method:/v1/tools/inbody/analyze'] },
  tool_macros: {
    text: ['Estimated BMR 1395 kcal/day (Mifflin–St Jeor), TDEE 2163 kcal/day'],
    cites: ['method:/v1/tools/macros/calculate'],
  },
  tool_nutrition: {
    text: ['2 large eggs read as Egg, whole, raw, fresh, 100 g.', 'protein 20.2 g'],
    cites: ['food:01123', 'food:01077', 'method:/v1/tools/nutrition/analyze'],
  },
  // Research-only peptides need the request's opt-in (issue 13), which a chat question does not give.
  tool_peptide_stack: {
    text: [/Every candidate was ruled out: .*research-only without the opt-in/],
    cites: ['method:/v1/tools/peptide-stack/build'],
  },
  tool_protocol: {
    text: [
      'Sertraline: 50 mg once daily, up to 200 mg (for Major depressive disorder).',
      'Phases: start weeks 1–1 at 50 mg; maintenance weeks 2–10 at 50 mg',
    ],
    cites: ['monograph:sertraline', 'method:/v1/tools/protocol/build'],
  },
  category_peptide: {
    text: ['Peptides for healing and recovery: 2 in the knowledge base.', 'BPC-157 (grade E): research-only'],
    cites: ['compound:bpc-157', 'compound:tb-500'],
  },
  category_supplement: {
    text: ['Supplements for sleep:', 'Melatonin (grade A): typically 2 mg'],
    cites: ['compound:melatonin'],
  },
  category_medication: {
    text: [
      /Medications for heart and blood vessels: \d+ in the knowledge base/,
      'FDA- or EMA-approved drug product; used for cardiovascular',
    ],
    cites: ['compound:atorvastatin'],
  },
  category_sarm: { text: ['SARMs: 16 in the knowledge base', 'WADA S1.2'], cites: ['compound:ligandrol'] },
  category_steroid: { text: ['Steroids: 19 in the knowledge base'], cites: [] },
  category_nootropic: { text: ['Nootropics: 30 in the knowledge base'], cites: [] },
  category_amino_acid: { text: ['Amino acids for muscle and strength:'], cites: ['compound:beta-alanine'] },
  category_vitamin: { text: ['Vitamins for bone health:'], cites: ['compound:vitamin-d3'] },
  category_mineral: { text: [/Minerals: \d+ in the knowledge base/], cites: [] },
  category_probiotic: {
    text: [
      /Probiotics for gut health: \d+ in the knowledge base/,
      'Lactobacillus rhamnosus GG (grade A): Lacticaseibacillus rhamnosus GG',
    ],
    cites: ['compound:lactobacillus-rhamnosus-gg'],
  },
  goal_advisor: {
    text: [/Compounds whose main use is sleep: \d+ in the knowledge base/, 'Melatonin (grade A)'],
    cites: ['compound:melatonin'],
  },
};

describe('every agent in the registry answers the question that routes to it', () => {
  it('has an expectation for exactly the registered agents', () => {
    expect(Object.keys(EXPECT).sort()).toEqual(
      agentList()
        .map((a) => a.id)
        .sort(),
    );
  });

  for (const agent of agentList()) {
    it(`${agent.id}: "${agent.example}"`, async () => {
      const res = await t.http
        .post('/v1/chat/completions')
        .set('Authorization', `Bearer ${key}`)
        .send(ask(agent.example));
      expect(res.status).toBe(200);
      const m = ChatMessage.parse(res.body);
      // a question naming two or more substances runs the interaction checker too, which leads when it finds something
      expect(m.agents.filter((x) => x !== 'tool_interactions' || agent.id === 'tool_interactions')[0]).toBe(agent.id);
      expect(m.agents.at(-1)).toBe('safety');
      const text = m.content[0]!.text;
      for (const s of EXPECT[agent.id]!.text) {
        if (typeof s === 'string') expect(text).toContain(s);
        else expect(text).toMatch(s);
      }
      const cited = m.content[0]!.citations.map((c) => `${c.type}:${c.id}`);
      expect(cited).toEqual(expect.arrayContaining(EXPECT[agent.id]!.cites));
      if (agent.id !== 'safety') expect(cited.length).toBeGreaterThan(0);
      if (agent.id === 'research_question') expect(cited.every((c) => c.startsWith('document:'))).toBe(true);
      if (agent.id === 'literature_finder')
        expect(cited.filter((c) => c.startsWith('document:')).length).toBeGreaterThan(0);
      await expectCitationsExist(t, m.content[0]!.citations);
    });
  }
});
