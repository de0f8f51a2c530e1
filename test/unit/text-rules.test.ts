import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compoundEvidenceGrade } from '../../src/main/compounds/evidence-grade.ts';
import { isCaseSensitiveName, namePattern, normalizeName } from '../../src/main/vocabulary/normalize.ts';
import { classifyStudyDesign } from '../../src/main/documents/study-design.ts';
import { DESIGN_GRADE } from '../../src/shared/enums.ts';
import { ftsMatchExpression, queryTokens } from '../../src/main/search/fts-query.ts';
import { parseCsv } from '../../src/build/csv.ts';
import { isTopical } from '../../src/build/steps/link.ts';

describe('compound names', () => {
  it('normalises punctuation, case and accents away', () => {
    expect(normalizeName('BPC-157')).toBe('bpc157');
    expect(normalizeName(' bpc 157 ')).toBe('bpc157');
    expect(normalizeName('Cétuximab')).toBe('cetuximab');
  });
  it('matches word-bounded, with hyphen/space variants, and abbreviations only in capitals', () => {
    expect(namePattern('BPC-157').test('given BPC 157 daily')).toBe(true);
    expect(namePattern('BPC-157').test('xBPC-157')).toBe(false);
    expect(namePattern('Metformin').test('METFORMIN use')).toBe(true);
    expect(namePattern('Metformin').test('metformins')).toBe(false);
    expect(isCaseSensitiveName('NAC')).toBe(true);
    expect(namePattern('NAC').test('oral NAC (600 mg)')).toBe(true);
    expect(namePattern('NAC').test('Nac et al.')).toBe(false);
    expect(namePattern('SAMe').test('at the same dose')).toBe(false);
    expect(namePattern('SAMe').test('oral SAMe 800 mg')).toBe(true);
    expect(namePattern('Vitamin C').test('high-dose vitamin C')).toBe(true);
    expect(isCaseSensitiveName('CoQ10')).toBe(true);
    expect(isCaseSensitiveName('L-Arginine')).toBe(false);
  });
});

describe('evidence-grade rubric', () => {
  it('applies the documented rules in order', () => {
    expect(compoundEvidenceGrade({ regulatory_approval: true, human_trials: 'none', preclinical: 'none' })).toBe('A');
    expect(
      compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'multiple_consistent', preclinical: 'none' }),
    ).toBe('A');
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'some', preclinical: 'strong' })).toBe(
      'B',
    );
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'mixed', preclinical: 'strong' })).toBe(
      'D',
    );
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'none', preclinical: 'strong' })).toBe(
      'C',
    );
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'none', preclinical: 'limited' })).toBe(
      'E',
    );
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'none', preclinical: 'none' })).toBe('E');
  });

  it('an approval for another use lends no weight; one trial is never B', () => {
    // L-glutamine: Endari is approved for sickle cell disease, people take it for the gut and for training.
    expect(
      compoundEvidenceGrade({
        regulatory_approval: true,
        approval_for_main_use: false,
        human_trials: 'mixed',
        preclinical: 'strong',
      }),
    ).toBe('D');
    expect(
      compoundEvidenceGrade({
        regulatory_approval: true,
        approval_for_main_use: false,
        human_trials: 'some',
        preclinical: 'strong',
      }),
    ).toBe('B');
    expect(
      compoundEvidenceGrade({
        regulatory_approval: true,
        approval_for_main_use: false,
        human_trials: 'none',
        preclinical: 'limited',
      }),
    ).toBe('E');
    // Absent means the approval covers the main use (records written before the input existed).
    expect(compoundEvidenceGrade({ regulatory_approval: true, human_trials: 'none', preclinical: 'none' })).toBe('A');
    expect(compoundEvidenceGrade({ regulatory_approval: false, human_trials: 'limited', preclinical: 'strong' })).toBe(
      'D',
    );
  });
});

describe('study design classifier', () => {
  it.each([
    ['Metformin for prediabetes: a systematic review and meta-analysis', null, 'meta_analysis', 'A'],
    [
      'Effect of vitamin D on falls',
      'In this randomized, double-blind, placebo-controlled trial of 400 adults…',
      'randomized_trial',
      'A',
    ],
    ['Zinc and infection risk', 'We followed a prospective cohort of 12,000 women for ten years.', 'cohort', 'B'],
    ['BPC-157 accelerates tendon healing in rats', 'Tendons of rats were transected…', 'animal', 'C'],
    ['Curcumin inhibits NF-kB', 'In vitro, cultured cells exposed to curcumin…', 'in_vitro', 'C'],
    ['A case of lactic acidosis', 'We report a 67-year-old man who…', 'case_report', 'D'],
    ['Probiotics: a narrative review', 'We review the mechanisms…', 'review', 'E'],
    ['Notes on a compound', 'Something was measured.', 'unclassified', 'D'],
    // Trials wanted, pending, planned or absent are not this study's design.
    [
      'Outcomes of drug X in 80 patients',
      'We performed a retrospective chart review of 80 patients. These results support its use pending future randomized controlled trials.',
      'cohort',
      'B',
    ],
    [
      'Drug Y in sepsis',
      'In a prospective cohort of 300 patients, mortality fell. Large randomized trials are needed to confirm this.',
      'cohort',
      'B',
    ],
    [
      'Zinc for colds',
      'There are no randomized controlled trials of zinc in children; we describe 12 cases.',
      'unclassified',
      'D',
    ],
    [
      'A chatbot for substance use: usability study',
      'In a previous 2-week randomized controlled trial, the agent reduced symptoms. In this single-arm open-label study of 101 adults…',
      'controlled_trial',
      'B',
    ],
    [
      'Statins after stroke: a narrative review',
      'Several randomized, double-blind trials have shown benefit; this review summarises them.',
      'review',
      'E',
    ],
    ['Exercise for PTSD: a protocol for systematic review and meta-analysis', null, 'protocol', 'E'],
    [
      'Yoga for back pain',
      'This protocol describes a trial in which 120 adults will be randomized to yoga or usual care.',
      'protocol',
      'E',
    ],
    [
      'Metformin and lung fibrosis',
      'Forty rats were randomized to metformin or vehicle in a blinded fashion.',
      'animal',
      'C',
    ],
    [
      'Wound closure in canine kidney epithelial monolayers',
      'Madin-Darby canine kidney monolayers were wounded and imaged.',
      'in_vitro',
      'C',
    ],
    [
      'Acceptability of clinical trials among pregnant women: a qualitative study',
      'Semi-structured interviews with 30 women about clinical trials.',
      'cross_sectional',
      'D',
    ],
    // Animal cells or tissue in a dish are laboratory work; a design word without follow-up is not a cohort.
    [
      'Expandable progenitor cells reprogrammed from mouse fibroblasts',
      'We isolated a proliferating population of cells from mouse fibroblasts.',
      'in_vitro',
      'C',
    ],
    [
      'Fenofibrate decreases metastatic potential of melanoma cells in vitro',
      'Earlier we reported antimetastatic activity in vivo. Monolayer cultures of mouse and human cells were used.',
      'in_vitro',
      'C',
    ],
    [
      'Cost of prophylactic fixation',
      'METHODS: A Markov state-transition model was used to evaluate the cost of fixation in 100 simulated patients.',
      'modelling',
      'E',
    ],
    [
      'Bony defects of the shoulder',
      'A retrospective study was performed including 100 patients; humeral and glenoid defects were measured on CT.',
      'unclassified',
      'D',
    ],
    [
      'Re-irradiation for brain metastases',
      'This retrospective study reviewed 40 patients; median survival after re-irradiation was 4 months.',
      'cohort',
      'B',
    ],
  ])('%s → %s', (title, abstract, design, grade) => {
    const d = classifyStudyDesign(title, abstract);
    expect(d).toBe(design);
    expect(DESIGN_GRADE[d]).toBe(grade);
  });
});

describe('compound–document links: topicality and laboratory reagents', () => {
  const topical = (name: string, title: string, abstract: string) =>
    isTopical(title, abstract, namePattern(name), { name });
  it('links a document that names the compound in its title, twice, or in its aim, intervention or dose', () => {
    expect(
      topical('Aspirin', 'Long-term use of aspirin and macular degeneration', 'Participants were asked about pain.'),
    ).toBe(true);
    expect(
      topical('Aspirin', 'Macular degeneration', 'Aspirin is widely used. Regular aspirin use was recorded.'),
    ).toBe(true);
    expect(
      topical(
        'Metformin',
        'Kidney disease in rats',
        'OBJECTIVE To determine whether metformin restores AMPK activity.',
      ),
    ).toBe(true);
    expect(
      topical(
        'Atenolol',
        'Pacing for syncope',
        'Patients were randomly assigned to a pacemaker or the beta-blocker atenolol.',
      ),
    ).toBe(true);
    expect(
      topical(
        'Esomeprazole',
        'Healing of oesophagitis',
        'Patients were treated with esomeprazole (10 or 40 mg od for 4 weeks).',
      ),
    ).toBe(true);
  });
  it('does not link a passing mention, background care or a reagent in a cell experiment', () => {
    expect(
      topical(
        'Azithromycin',
        'Antibacterials in viral pneumonia',
        'Vancomycin (50.7 %), cefepime (40.3 %), azithromycin (40.3 %), and meropenem were most used.',
      ),
    ).toBe(false);
    expect(
      topical(
        'Morphine',
        'Ibuprofen and blood loss in hip arthroplasty',
        'All patients were injected intrathecally with bupivacaine 20 mg plus morphine 0.1 mg, in 4 mL.',
      ),
    ).toBe(false);
    expect(
      topical(
        'Dexamethasone',
        'Circadian genes in stem cells',
        'Cultured cells were treated with serum. Gene transcription was measured in the presence of dexamethasone in the cells. Dexamethasone-treated cells oscillated.',
      ),
    ).toBe(false);
    expect(topical('Doxycycline', 'Polycistronic Doxycycline-Inducible Vectors', 'Fibroblasts were transduced.')).toBe(
      false,
    );
  });
});

describe('FTS query sanitising', () => {
  it('quotes tokens, drops operators and control characters', () => {
    expect(ftsMatchExpression('vitamin D AND "deficiency"')).toBe('"vitamin" OR "d" OR "deficiency"');
    expect(ftsMatchExpression('bpc\u0000157 NEAR(x)')).toBe('"bpc" OR "157" OR "near" OR "x"');
    expect(ftsMatchExpression('metf', { prefixLast: true })).toBe('("metf" OR "metf"*)');
    expect(ftsMatchExpression('"*)(-')).toBeNull();
  });
  it('never lets a quote or operator through, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        for (const tok of queryTokens(s)) expect(tok).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CSV parser', () => {
  it('handles quotes, doubled quotes, commas and newlines inside fields', () => {
    expect(parseCsv('a,b\n"x, ""y""","line1\nline2"\r\n3,\n')).toEqual([
      { a: 'x, "y"', b: 'line1\nline2' },
      { a: '3', b: '' },
    ]);
  });
});
