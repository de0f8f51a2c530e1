/** The protocol's kidney_function block: CKD-EPI 2021 eGFR from the request, and what each compound's texts say about it. */
import type { ProtocolRequest } from '../../../shared/schemas/tools/protocol.ts';
import type { ProtocolCompoundInput } from './compute.ts';
import {
  CKD_EPI_2021_REFERENCE,
  CREATININE_UMOL_PER_MG_DL,
  EGFR_UNIT,
  ckdEpi2021,
  gfrCategory,
  kidneyStatements,
} from './kidney.ts';

type KidneyInput = NonNullable<ProtocolRequest['kidney']>;

/** Texts that state kidney thresholds: dosing and its notes, contraindications, the record's typical dosing. */
function kidneyTexts(c: ProtocolCompoundInput): { field: string; text: string }[] {
  const out = [
    { field: 'typical_dosing.frequency', text: c.typical_dosing.frequency },
    { field: 'typical_dosing.duration', text: c.typical_dosing.duration },
  ];
  if (c.monograph) {
    out.push(
      { field: 'dosing.notes', text: c.monograph.dosing.notes },
      { field: 'dosing.typical_dose', text: c.monograph.dosing.typical_dose },
      ...c.monograph.safety_profile.contraindications.map((text) => ({ field: 'contraindications', text })),
    );
  }
  return out;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function kidneyFunction(k: KidneyInput | undefined, compounds: readonly ProtocolCompoundInput[]) {
  if (!k) return { block: null, warnings: [] as string[] };
  const mgDl = k.creatinine.unit === 'mg/dL' ? k.creatinine.value : k.creatinine.value / CREATININE_UMOL_PER_MG_DL;
  const egfr = ckdEpi2021(mgDl, k.age, k.sex);
  const cat = gfrCategory(egfr);
  const statements = compounds.flatMap((c) =>
    kidneyStatements(kidneyTexts(c), egfr).map((s) => ({
      slug: c.slug,
      field: s.field,
      text: s.text,
      thresholds: s.thresholds,
      applies: s.applies,
    })),
  );
  const warnings = statements
    .filter((s) => s.applies)
    .map((s) => {
      const name = compounds.find((c) => c.slug === s.slug)!.name;
      return `Kidney function: estimated eGFR ${Math.round(egfr)} ${EGFR_UNIT} falls within a threshold that ${name}'s ${s.field} names: "${s.text}"`;
    });
  return {
    block: {
      egfr: { value: round1(egfr), unit: EGFR_UNIT },
      category: cat.category,
      meaning: cat.meaning,
      creatinine: { value: Math.round(mgDl * 100) / 100, unit: 'mg/dL' },
      equation: 'CKD-EPI 2021 creatinine equation (race-free)',
      reference: CKD_EPI_2021_REFERENCE,
      statements,
    },
    warnings,
  };
}
