/**
 * The protocol's kidney_function block and each compound's renal decision: CKD-EPI 2021 eGFR and, given weight,
 * Cockcroft–Gault creatinine clearance by actual, ideal and adjusted body weight; every renal rule compared with its
 * own measure (renal-decision.ts); what each compound's texts say about kidney function; and the warnings.
 */
import type { ProtocolRequest } from '../../../shared/schemas/tools/protocol.ts';
import { sentences } from '../../../shared/sentences.ts';
import type { ProtocolCompoundInput } from './compute.ts';
import {
  COCKCROFT_GAULT_REFERENCE,
  CRCL_UNIT,
  bodyWeights,
  chooseWeight,
  cockcroftGault,
  labelWeightIn,
  type BodyWeights,
  type WeightKind,
} from './cockcroft-gault.ts';
import { CKD_EPI_2021_REFERENCE, CREATININE_UMOL_PER_MG_DL, EGFR_UNIT, ckdEpi2021, gfrCategory } from './kidney.ts';
import { conditionsIn } from './renal-conditions.ts';
import { decideRenal, evaluateConditions, type KidneyMeasures, type RenalDecision } from './renal-decision.ts';
import { KIDNEY_TERMS, kidneyTexts, renalRules } from './renal-rules.ts';

type KidneyInput = NonNullable<ProtocolRequest['kidney']>;

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const kg = (x: number | null) => (x === null ? null : { value: round(x), unit: 'kg' });
const ml = (x: number | null) => (x === null ? null : { value: round(x), unit: CRCL_UNIT });

function crclOf(mgDl: number, k: KidneyInput, w: BodyWeights | null) {
  return (kind: WeightKind): number | null => {
    if (!w) return null;
    const weight = kind === 'actual' ? w.actual : kind === 'ideal' ? w.ideal : w.adjusted;
    return weight === null ? null : cockcroftGault(mgDl, k.age, k.sex, weight);
  };
}

/** The weight the label's own text names for its clearance, from its renal note and dosing text. */
function labelWeight(c: ProtocolCompoundInput) {
  const texts = [c.monograph?.point_of_care?.renal.note ?? '', ...kidneyTexts(c).map((t) => t.text)].flatMap((t) =>
    sentences(t),
  );
  return labelWeightIn(texts);
}

function clearanceBlock(m: KidneyMeasures, w: BodyWeights, choice: { used: WeightKind; why: string }) {
  const notes: string[] = [];
  if (w.ideal === null) notes.push('Give kidney.height_cm for ideal and adjusted body weight.');
  if (w.extrapolated)
    notes.push("Height under 5 feet (152.4 cm): Devine's ideal-weight line is extended below its range.");
  return {
    equation: 'Cockcroft–Gault (1976): (140 − age) × weight × 0.85 if female / (72 × serum creatinine mg/dL)',
    weights: { actual: kg(w.actual)!, ideal: kg(w.ideal), adjusted: kg(w.adjusted) },
    bmi: w.bmi === null ? null : { value: round(w.bmi), unit: 'kg/m²' },
    by_weight: { actual: ml(m.crcl('actual'))!, ideal: ml(m.crcl('ideal')), adjusted: ml(m.crcl('adjusted')) },
    used: { weight: choice.used, value: ml(m.crcl(choice.used))!, why: choice.why },
    note: notes.length ? notes.join(' ') : null,
    reference: COCKCROFT_GAULT_REFERENCE,
  };
}

export function kidneyFunction(
  k: KidneyInput | undefined,
  compounds: readonly ProtocolCompoundInput[],
  goal: string,
): { block: ReturnType<typeof block> | null; warnings: string[]; decisions: (RenalDecision | null)[] } {
  if (!k) return { block: null, warnings: [], decisions: compounds.map(() => null) };
  const mgDl = k.creatinine.unit === 'mg/dL' ? k.creatinine.value : k.creatinine.value / CREATININE_UMOL_PER_MG_DL;
  const weights = k.weight_kg === undefined ? null : bodyWeights(k.weight_kg, k.height_cm, k.sex);
  const m: KidneyMeasures = {
    egfr: ckdEpi2021(mgDl, k.age, k.sex),
    creatinineMgDl: mgDl,
    weights,
    crcl: crclOf(mgDl, k, weights),
  };
  const noWeight = { used: 'actual' as const, why: 'no weight was given' };
  const decisions = compounds.map((c) => {
    const label = labelWeight(c);
    const choice = weights ? chooseWeight(weights, label?.kind ?? null) : noWeight;
    return decideRenal(c, renalRules(c), m, goal, choice);
  });
  const warnings: string[] = [];
  decisions.forEach((d, i) => {
    const name = compounds[i]!.name;
    if (d.action !== 'usual' && d.action !== 'no_rule') warnings.push(`Kidney function: ${d.statement}`);
    for (const { rule: r, at } of d.qualified_avoid)
      warnings.push(
        r.source === 'label_band'
          ? `Kidney function: ${name} — label band "${r.text}" also applies at ${at}: ${r.advice}.`
          : `Kidney function: ${name} — ${r.field} "${r.text}" also applies at ${at}.`,
      );
  });
  return { block: block(m, mgDl, weights, compounds, decisions), warnings, decisions };
}

function block(
  m: KidneyMeasures,
  mgDl: number,
  weights: BodyWeights | null,
  compounds: readonly ProtocolCompoundInput[],
  decisions: RenalDecision[],
) {
  const cat = gfrCategory(m.egfr);
  const statements = compounds.flatMap((c, i) => {
    const weight = decisions[i]!.weight?.used ?? 'actual';
    const out: {
      slug: string;
      field: string;
      text: string;
      thresholds: ReturnType<typeof evaluateConditions>['conditions'];
      applies: boolean | null;
      note: string | null;
    }[] = [];
    for (const t of kidneyTexts(c))
      for (const s of sentences(t.text)) {
        if (!KIDNEY_TERMS.test(s) || out.some((o) => o.text === s)) continue;
        const { conditions, applies, notes } = evaluateConditions(conditionsIn(s), m, weight);
        out.push({
          slug: c.slug,
          field: t.field,
          text: s,
          thresholds: conditions,
          applies,
          note: notes.length ? notes.join(' ') : null,
        });
      }
    return out;
  });
  return {
    egfr: { value: round(m.egfr), unit: EGFR_UNIT },
    category: cat.category,
    meaning: cat.meaning,
    creatinine: { value: round(mgDl, 2), unit: 'mg/dL' },
    equation: 'CKD-EPI 2021 creatinine equation (race-free)',
    reference: CKD_EPI_2021_REFERENCE,
    creatinine_clearance: weights ? clearanceBlock(m, weights, chooseWeight(weights, null)) : null,
    creatinine_clearance_note: weights
      ? null
      : `Creatinine clearance (Cockcroft–Gault) needs weight: give kidney.weight_kg (and kidney.height_cm for ideal and adjusted body weight). Labels that dose by CrCl are not compared with eGFR, a different measure.`,
    statements,
  };
}
