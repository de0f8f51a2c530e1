/**
 * POST /v1/tools/inbody/analyze: BMI (WHO class), body-fat category (ACE), FFMI and height-normalised FFMI
 * (Kouri 1995), muscle-to-weight ratio, visceral-fat and ECW/TBW flags (InBody guidance), waist, waist-to-hip
 * (WHO 2008) and waist-to-height risk. Uses no content-database data: every cut-off is a published constant.
 */
import { InbodyData, InbodyRequest } from '../../../shared/schemas/tools/inbody.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  SOURCES,
  VISCERAL_HIGH,
  WHR_CUTOFF,
  aceCategory,
  bmi,
  ecwStatus,
  ffmi,
  round,
  toCm,
  toKg,
  visceralStatus,
  waistStatus,
  whoBmiClass,
  whrStatus,
  whtrStatus,
} from './compute.ts';

const METHOD = {
  name: 'Body-composition indices: WHO BMI classes, ACE body-fat categories, Kouri 1995 FFMI, InBody guidance, WHO 2008 waist ratios',
  reference: [SOURCES.bmi, SOURCES.ace, SOURCES.kouri, SOURCES.visceral, SOURCES.ecw, SOURCES.whr, SOURCES.whtr].join(
    ' | ',
  ),
};

export const inbodyTool: ToolRunner<typeof InbodyRequest, typeof InbodyData> = {
  name: 'inbody',
  request: InbodyRequest,
  data: InbodyData,
  run(_ctx, input) {
    const weight = toKg(input.weight.value, input.weight.unit);
    const height = toCm(input.height.value, input.height.unit);
    const smm = input.skeletal_muscle_mass
      ? toKg(input.skeletal_muscle_mass.value, input.skeletal_muscle_mass.unit)
      : null;
    const waistCm = input.waist ? toCm(input.waist.value, input.waist.unit) : null;
    const hipCm = input.hip ? toCm(input.hip.value, input.hip.unit) : null;

    // Inputs that pass the schema one by one but contradict each other.
    const problems: { field: string; message: string }[] = [];
    const comp = input.body_fat_percent !== undefined ? ffmi(weight, height, input.body_fat_percent) : null;
    if (smm !== null && smm >= weight)
      problems.push({ field: 'skeletal_muscle_mass', message: 'must be less than body weight' });
    else if (smm !== null && comp && smm > comp.ffm) {
      problems.push({
        field: 'skeletal_muscle_mass',
        message: `is more than the fat-free mass implied by body_fat_percent (${round(comp.ffm, 1)} kg); check both values`,
      });
    }
    if (hipCm !== null && waistCm === null)
      problems.push({ field: 'waist', message: 'is needed with hip (hip is used only for the waist-to-hip ratio)' });
    if (problems.length)
      throw new ToolInputError(
        `cannot analyse: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
        problems,
      );

    const b = bmi(weight, height);
    const who = whoBmiClass(b);
    const fat = input.body_fat_percent !== undefined ? aceCategory(input.sex, input.body_fat_percent) : null;
    const ratioWhr = waistCm !== null && hipCm !== null ? waistCm / hipCm : null;
    const ratioWhtr = waistCm !== null ? waistCm / height : null;

    const data = {
      measurements: {
        weight: { value: weight, unit: 'kg' },
        height: { value: height, unit: 'cm' },
        sex: input.sex,
        age: { value: input.age, unit: 'years' },
      },
      bmi: {
        value: { value: b, unit: 'kg/m²' },
        who_class: who.cls,
        label: who.label,
        status: who.status,
        source: SOURCES.bmi,
      },
      body_fat:
        comp && fat && input.body_fat_percent !== undefined
          ? {
              percent: { value: input.body_fat_percent, unit: '%' },
              fat_mass: { value: comp.fatMass, unit: 'kg' },
              category: fat.cat,
              label: fat.label,
              status: fat.status,
              source: SOURCES.ace,
            }
          : null,
      ffmi: comp
        ? {
            fat_free_mass: { value: comp.ffm, unit: 'kg' },
            ffmi: { value: comp.ffmi, unit: 'kg/m²' },
            ffmi_normalized: { value: comp.normalized, unit: 'kg/m²' },
            note:
              'Kouri 1995 found normalised FFMI rarely above 25 kg/m² in men not using anabolic steroids (a descriptive observation, ' +
              'not a diagnostic cut-off; no equivalent for women in that study).',
            source: SOURCES.kouri,
          }
        : null,
      muscle:
        smm !== null
          ? {
              skeletal_muscle_mass: { value: smm, unit: 'kg' },
              muscle_to_weight: { value: (smm / weight) * 100, unit: '%' },
              note: 'Skeletal muscle mass as a share of body weight; no validated cut-off is applied — follow it over time on the same device.',
            }
          : null,
      visceral_fat:
        input.visceral_fat_level !== undefined
          ? {
              level: { value: input.visceral_fat_level, unit: 'InBody level' },
              status: visceralStatus(input.visceral_fat_level),
              threshold: VISCERAL_HIGH,
              source: SOURCES.visceral,
            }
          : null,
      ecw_tbw:
        input.ecw_tbw_ratio !== undefined
          ? {
              ratio: { value: input.ecw_tbw_ratio, unit: 'ratio' },
              status: ecwStatus(input.ecw_tbw_ratio),
              source: SOURCES.ecw,
            }
          : null,
      waist:
        waistCm !== null
          ? {
              circumference: { value: waistCm, unit: 'cm' },
              status: waistStatus(input.sex, waistCm),
              source: SOURCES.waist,
            }
          : null,
      waist_to_hip:
        ratioWhr !== null
          ? {
              ratio: { value: ratioWhr, unit: 'ratio' },
              threshold: WHR_CUTOFF[input.sex],
              status: whrStatus(input.sex, ratioWhr),
              source: SOURCES.whr,
            }
          : null,
      waist_to_height:
        ratioWhtr !== null
          ? { ratio: { value: ratioWhtr, unit: 'ratio' }, status: whtrStatus(ratioWhtr), source: SOURCES.whtr }
          : null,
    };

    const parts: string[] = [`BMI ${round(b, 1)} kg/m², WHO class: ${who.label}.`];
    if (data.body_fat) parts.push(`Body fat ${input.body_fat_percent}%, ACE category: ${data.body_fat.label}.`);
    if (data.ffmi)
      parts.push(
        `FFMI ${round(data.ffmi.ffmi.value, 1)} kg/m², ${round(data.ffmi.ffmi_normalized.value, 1)} normalised to 1.8 m.`,
      );
    if (data.visceral_fat?.status === 'high')
      parts.push(`Visceral fat level ${input.visceral_fat_level} is at or above InBody's level ${VISCERAL_HIGH}.`);
    if (data.ecw_tbw && data.ecw_tbw.status !== 'normal') {
      parts.push(
        `ECW/TBW ${input.ecw_tbw_ratio} is ${data.ecw_tbw.status === 'elevated' ? 'above 0.400' : 'between 0.390 and 0.400'}; fluid balance can be affected by many things, including measurement conditions.`,
      );
    }
    if (data.waist && data.waist.status !== 'not_increased')
      parts.push(`Waist ${round(waistCm!, 1)} cm: ${data.waist.status.replace('_', ' ')} risk by the WHO cut-off.`);
    if (data.waist_to_hip?.status === 'substantially_increased')
      parts.push(`Waist-to-hip ${round(ratioWhr!, 2)} is at or above the WHO ${WHR_CUTOFF[input.sex]} cut-off.`);
    if (data.waist_to_height && data.waist_to_height.status !== 'not_increased')
      parts.push(
        `Waist-to-height ${round(ratioWhtr!, 2)} is at or above ${data.waist_to_height.status === 'high' ? '0.6' : '0.5'}.`,
      );
    parts.push(
      'Bioimpedance estimates vary with hydration, meals and exercise; BMI does not separate muscle from fat.',
    );
    parts.push('Editorial summary, not a diagnosis; discuss with a clinician.');

    return { ...data, method: METHOD, interpretation: parts.join(' ') };
  },
};
