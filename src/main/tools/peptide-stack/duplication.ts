/**
 * Therapeutic duplication: two substances that do the same thing pharmacologically, so that their effects and harms
 * add up (two androgen-receptor agonists, two serotonergic agents, two sources of the same mineral). The stack builder
 * never puts two members of one group together, nor a member beside a current medication of the same group.
 *
 * Groups are data: what belongs is decided from what we know of each substance, never from a list of our slugs:
 * - `classes`: class ids of the interaction model (resources/content/interaction-rules.classes.json, members by
 *   ingredient), matched on the substance's ingredients or the class a class word names ("SSRIs");
 * - `categories`: a record category that is the group by definition (every SARM is an androgen-receptor agonist);
 * - `what`: a pattern on the first sentence of our record's description, which says what the compound is ("Immediate
 *   precursor of serotonin", "Potent 19-nor anabolic steroid"); the rest of the description is not used, because it
 *   also names things the compound is merely compared with or converted to, and only its head (up to "that", "used",
 *   "for", "with", …), so "often combined with a statin" or "reverses vitamin K antagonists" does not count.
 */
import { sentences } from '../../../shared/sentences.ts';

export interface DuplicationGroup {
  id: string;
  name: string;
  basis: string;
  classes: string[];
  categories?: string[];
  what?: RegExp;
  /** a statement of identity anywhere in the description ("monacolin K … is chemically identical to lovastatin") */
  identity?: RegExp;
}

export const DUPLICATION_GROUPS: DuplicationGroup[] = [
  {
    id: 'androgen_receptor_agonists',
    name: 'androgen-receptor agonists (testosterone, anabolic-androgenic steroids, SARMs)',
    basis:
      'One receptor, additive harm: WADA Prohibited List S1 groups anabolic-androgenic steroids (S1.1) and SARMs (S1.2) as anabolic agents; ' +
      'testosterone labels (e.g. Depo-Testosterone) warn of erythrocytosis, lipid changes and HPG-axis suppression that other androgens add to.',
    classes: ['androgen'],
    categories: ['sarm'],
    what: /\banabolic(?:-androgenic)? steroids?\b|\bandrogen[- ]receptor (?:full |partial )?agonist|\bSARM\b|\b(?:ester|derivative) of testosterone\b|\btestosterone (?:ester|derivative)\b|\b(?:DHT|dihydrotestosterone)[- ](?:derived|derivative)\b/i,
  },
  {
    id: 'serotonergic',
    name: 'serotonergic agents (serotonin syndrome risk)',
    basis:
      'SSRI and SNRI labels (e.g. Zoloft, section 5.2 Serotonin Syndrome) warn of serotonin syndrome with other serotonergic drugs, naming ' +
      "triptans, tricyclics, fentanyl, lithium, tramadol, tryptophan, buspirone, amphetamines and St John's wort; MAOI labels likewise.",
    classes: ['ssri', 'snri', 'maoi', 'triptans', 'serotonergic'],
    what: /\bprecursor of serotonin\b|\bserotonin precursor\b|\bserotonin (?:and nor(?:epinephrine|adrenaline) )?reuptake inhibitor|\bserotonin antagonist and reuptake inhibitor|\bserotonergic\b|\bSSRI\b|\bSNRI\b|\bmonoamine oxidase inhibitor/i,
  },
  {
    id: 'cns_stimulants',
    name: 'central nervous system stimulants',
    basis:
      'Same action (central sympathomimetic or wake-promoting stimulation, including caffeine- and synephrine-containing botanicals): effects on heart rate, blood pressure, anxiety and sleep add up; ' +
      'stimulant labels (e.g. Adderall, Provigil) list other sympathomimetics and stimulants among interacting drugs.',
    classes: ['stimulant'],
    // What they are, also for botanicals: "sympathomimetic amines" (ephedra), "adrenergic amines" and synephrine
    // (bitter orange), "containing about 2–8 % caffeine" (guarana); never a bare "stimulant" ("stimulant laxative").
    what: /\b(?:central nervous system|CNS|amphetamine-like|psychomotor) stimulant\b|\bwake(?:fulness)?-promoting\b|\bsympathomimetic amines?\b|\badrenergic amines?\b|\bsynephrine\b|\bcontaining (?:about |roughly |up to )?[\d.–\-\s%]*caffeine\b/i,
  },
  {
    id: 'cns_depressants',
    name: 'sedatives and CNS depressants',
    basis:
      'FDA boxed warnings (2016) on opioids with benzodiazepines or other CNS depressants, and benzodiazepine and Z-drug labels: ' +
      'additive sedation and respiratory depression.',
    classes: ['benzodiazepine', 'z_drug', 'cns_depressant', 'opioid'],
    what: /\bbenzodiazepine\b|\bsedative-hypnotic\b|\bGABA[- ]?B (?:receptor )?agonist\b|\bbarbiturate\b|\bopioid (?:receptor )?agonist\b/i,
  },
  {
    id: 'glp1_receptor_agonists',
    name: 'GLP-1 receptor agonists (including dual and triple incretin agonists)',
    basis:
      'Wegovy and Saxenda labels (Limitations of Use): not to be used with other semaglutide- or liraglutide-containing products or any other ' +
      'GLP-1 receptor agonist.',
    classes: ['glp1'],
    what: /\bGLP-1 receptor agonist|\bGLP-1 (?:and|\/) ?\w+ receptor|\bGIP and GLP-1\b|\bGLP-1 analogue\b|\bagonist of the GIP, GLP-1\b/i,
  },
  {
    id: 'ghrelin_receptor_agonists',
    name: 'ghrelin-receptor (GHS-R1a) agonists',
    basis:
      'One receptor (growth hormone secretagogue receptor 1a): a second agonist adds no distinct action, only more GH, prolactin, cortisol ' +
      'and appetite effects (editorial pharmacology).',
    classes: [],
    what: /\bghrelin[- ]receptor\b|\bGHS-R1a\b|\bghrelin (?:mimetic|agonist)\b|\bgrowth hormone secretagogue receptor\b|\bGH-releasing peptides?\b|\bGHRP\b/i,
  },
  {
    id: 'ghrh_analogues',
    name: 'GHRH analogues',
    basis:
      'One receptor (GHRH receptor): analogues of growth hormone-releasing hormone duplicate one another (editorial pharmacology; ' +
      'tesamorelin label: GHRH analogue).',
    classes: [],
    what: /\bGHRH\b|\bgrowth hormone-releasing hormone\b/i,
  },
  {
    id: 'antithrombotics',
    name: 'anticoagulants and antiplatelets',
    basis:
      'Anticoagulant and antiplatelet labels (e.g. Eliquis, Plavix, warfarin) warn that other anticoagulants, antiplatelets and NSAIDs ' +
      'increase bleeding risk.',
    classes: ['anticoagulant', 'antiplatelet', 'doac', 'vka'],
    what: /\banticoagulant\b|\bantiplatelet\b|\bfactor Xa inhibitor\b|\bP2Y12 (?:receptor )?(?:inhibitor|antagonist)/i,
  },
  {
    id: 'pde5_inhibitors',
    name: 'PDE5 inhibitors',
    basis: 'Viagra and Cialis labels: use with other PDE5 inhibitors has not been studied and is not recommended.',
    classes: ['pde5'],
    what: /\bPDE-?5 inhibitor|\bphosphodiesterase[- ](?:type )?5 inhibitor/i,
  },
  {
    id: 'statins',
    name: 'statins (HMG-CoA reductase inhibitors, including red yeast rice monacolin K)',
    basis:
      'Statin labels: myopathy risk rises with dose and exposure; red yeast rice monacolin K is lovastatin (FDA, 1998 and 2007 warnings), ' +
      'so it duplicates a statin.',
    classes: ['statin'],
    what: /\bHMG-CoA reductase inhibitor/i,
    identity: /\bmonacolin K\b[^.]*\b(?:identical to|the same as|is) lovastatin\b/i,
  },
  {
    id: 'corticosteroids',
    name: 'corticosteroids (oral, injected, inhaled, nasal or potent topical)',
    basis:
      "Glucocorticoid exposure adds up across products and routes: corticosteroid labels warn of HPA-axis suppression, Cushing's syndrome, " +
      'hyperglycaemia and infection, and inhaled, nasal and topical labels of systemic effects, more so beside other corticosteroids.',
    classes: ['corticosteroid'],
    what: /\bglucocorticoid\b|\bcorticosteroid\b/i,
  },
  ...(
    [
      ['iron', 'iron', '45', /^(?:ferrous|ferric|iron)\b|\belemental iron\b/i],
      ['calcium', 'calcium', '2,000–2,500 (by age)', /^calcium\b(?![- ](?:channel|sensing))|\belemental calcium\b/i],
      ['magnesium', 'magnesium', '350', /^magnesium\b|\belemental magnesium\b/i],
      ['zinc', 'zinc', '40', /^zinc\b|\belemental zinc\b/i],
      ['potassium', 'potassium', null, /^potassium (?:chloride|citrate|bicarbonate|gluconate|acetate|phosphate)\b/i],
    ] as const
  ).map(([id, cls, ul, what]): DuplicationGroup => ({
    id: `same_mineral_${id}`,
    name: `sources of ${id}`,
    basis:
      ul === null
        ? 'One element: potassium from several products adds up, with hyperkalaemia risk (potassium chloride labels).'
        : `One element: intakes from all supplements add up against the Tolerable Upper Intake Level (adults, ${ul} mg/day${id === 'magnesium' ? ' from supplements' : ''}; ` +
          'Institute of Medicine Dietary Reference Intakes; NIH Office of Dietary Supplements fact sheets).',
    classes: [cls],
    // The record's opening names the element ("Magnesium salt of L-threonic acid", "about 7–8% elemental magnesium").
    what,
  })),
];

/** What a substance is, for membership: its drug classes, record category and the first sentence of its description. */
export interface GroupSubject {
  classes: readonly string[];
  category: string | null;
  description: string | null;
}

/** The first sentence up to the first clause that says what it is used for or combined with. */
export function descriptionHead(description: string): string {
  return (sentences(description)[0] ?? '')
    .split(
      /[;:]|\s(?:that|which|used|approved|for|with|in combination|taken|sold|marketed|given|to treat|to reverse)\s/,
    )[0]!
    .trim();
}

/** The groups a substance belongs to, in DUPLICATION_GROUPS order. */
export function groupsOf(s: GroupSubject): DuplicationGroup[] {
  const first = s.description ? descriptionHead(s.description) : '';
  return DUPLICATION_GROUPS.filter(
    (g) =>
      g.classes.some((c) => s.classes.includes(c)) ||
      (s.category !== null && (g.categories ?? []).includes(s.category)) ||
      (g.what !== undefined && first !== '' && g.what.test(first)) ||
      (g.identity !== undefined && s.description !== null && g.identity.test(s.description)),
  );
}
