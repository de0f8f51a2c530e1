/**
 * The emergency categories the triage knows, and the editorial first-aid line each adds after the instruction to call
 * emergency services. These lines are deliberately generic, conservative and dose-free except where a public
 * first-aid standard gives one (the "15 g of fast-acting sugar" rule of the American Diabetes Association); each names
 * its basis in `basis`.
 */
import { TRIAGE_CATEGORY_IDS } from '../../../shared/schemas/chat.ts';

/** The category ids live once, in the API contract (src/shared/schemas/chat.ts). */
export const TRIAGE_CATEGORIES = TRIAGE_CATEGORY_IDS;
export type TriageCategory = (typeof TRIAGE_CATEGORIES)[number];

export interface CategoryInfo {
  label: string;
  firstAid: string | null;
  basis: string;
}

export const CATEGORY_INFO: Record<TriageCategory, CategoryInfo> = {
  overdose: {
    label: 'overdose or poisoning',
    firstAid:
      'For a possible overdose or poisoning, call emergency services first if the person is drowsy, unconscious, having trouble breathing or having a seizure; otherwise call a poison control centre (1-800-222-1222 in the US) right away, with the packet to hand.',
    basis: "America's Poison Centers public guidance",
  },
  child_ingestion: {
    label: 'a child who swallowed medicine or a chemical',
    firstAid:
      'A child who may have swallowed a medicine, a button battery or a chemical needs a poison control centre now (1-800-222-1222 in the US), even if the child seems well; call emergency services if the child is drowsy, struggling to breathe or fitting. Do not make the child vomit.',
    basis: "America's Poison Centers and American Academy of Pediatrics public guidance",
  },
  self_harm: {
    label: 'thoughts of suicide or self-harm',
    firstAid:
      'If you are thinking about suicide or harming yourself, call or text 988 (Suicide & Crisis Lifeline, US) or your local crisis line now. You do not have to face this alone.',
    basis: '988 Suicide & Crisis Lifeline',
  },
  anaphylaxis: {
    label: 'a severe allergic reaction (anaphylaxis)',
    firstAid:
      'If an adrenaline (epinephrine) auto-injector has been prescribed, use it as instructed while you wait for help.',
    basis: 'Resuscitation Council UK / World Allergy Organization anaphylaxis guidance',
  },
  chest_pain: {
    label: 'chest pain',
    firstAid:
      'Chest pain that is crushing, spreading to the arm, jaw or back, or comes with sweating or breathlessness can be a heart attack: stop, sit down, and do not drive yourself.',
    basis: 'American Heart Association heart-attack warning signs',
  },
  stroke: {
    label: 'signs of a stroke',
    firstAid:
      'Face drooping, arm weakness or speech trouble can be a stroke: note the time the symptoms started, because treatment depends on it, and give nothing by mouth.',
    basis: 'American Stroke Association / NHS "FAST"',
  },
  respiratory_depression: {
    label: 'slow, shallow or stopped breathing',
    firstAid:
      'If the person is not breathing normally, start CPR if you are able to. If opioids may be involved and naloxone is available, give it as instructed. If they are breathing, lay them on their side.',
    basis: 'American Heart Association CPR guidance; SAMHSA opioid overdose guidance',
  },
  bleeding: {
    label: 'serious bleeding (including on a blood thinner)',
    firstAid:
      'Press firmly on any bleeding you can see. Tell the emergency team which blood thinner is taken and when the last dose was.',
    basis: 'American Red Cross first aid; anticoagulant patient guidance',
  },
  serotonin_toxicity: {
    label: 'possible serotonin toxicity',
    firstAid:
      'Agitation, shaking or muscle jerks, sweating and fever after serotonergic medicines can be serotonin toxicity: take no further dose and bring the medicines with you.',
    basis: 'Hunter serotonin toxicity criteria (Dunkley et al., QJM 2003)',
  },
  hypoglycaemia: {
    label: 'very low blood sugar',
    firstAid:
      'If the person is awake and can swallow, give 15 g of fast-acting sugar (glucose tablets, juice or a sugary drink) and recheck in 15 minutes; if drowsy or unconscious, give nothing by mouth and use glucagon if it has been prescribed.',
    basis: 'American Diabetes Association "15-15 rule"',
  },
  seizure: {
    label: 'a seizure',
    firstAid:
      'Do not hold the person down or put anything in their mouth; move hard objects away, time the seizure, and turn them on their side when the jerking stops. A seizure over 5 minutes, a first seizure or one in water needs emergency services.',
    basis: 'Epilepsy Foundation seizure first aid',
  },
  thunderclap_headache: {
    label: 'a sudden, severe ("thunderclap") headache',
    firstAid:
      'A sudden, severe headache that peaks within about a minute needs emergency assessment now, even if it eases.',
    basis: 'NICE CKS headache assessment (red flags)',
  },
  head_injury: {
    label: 'a head injury (on a blood thinner, or with vomiting, drowsiness or confusion)',
    firstAid:
      "A head injury in someone on a blood thinner needs an emergency department today (a scan), even if they seem well; vomiting, drowsiness or confusion after it need emergency services now. Bring the blood thinner's name and the time of the last dose.",
    basis:
      'NICE NG232 Head injury: assessment and early management (2023): anticoagulation, vomiting and reduced consciousness as reasons for CT',
  },
  pregnancy_emergency: {
    label: 'warning signs in early pregnancy',
    firstAid:
      'One-sided pain low in the belly, bleeding, shoulder-tip pain or fainting in early pregnancy can be an ectopic pregnancy: go to an emergency department now, and do not eat or drink in case surgery is needed.',
    basis: 'NICE NG126 Ectopic pregnancy and miscarriage (2019, updated 2023); NHS ectopic pregnancy symptoms',
  },
  obstetric_emergency: {
    label: 'warning signs in later pregnancy or after birth',
    firstAid:
      'A severe headache, changes in vision, pain below the ribs, sudden swelling of the face, hands or feet, or a very high blood pressure in the second half of pregnancy or the weeks after birth can be pre-eclampsia; a baby moving less than usual, or heavy bleeding after birth, also cannot wait. Call the maternity unit or emergency services now: do not wait for the next appointment, and do not try to get the baby moving first.',
    basis:
      'NICE NG133 Hypertension in pregnancy (2019, updated 2023); RCOG Green-top Guideline 57 Reduced fetal movements (2011); NICE NG194 Postnatal care (2021): postpartum haemorrhage and pre-eclampsia red flags',
  },
  postpartum_psychosis: {
    label: 'signs of postpartum psychosis',
    firstAid:
      'Hearing or seeing things others do not, strange or frightening beliefs, confusion, or going days without sleep in the weeks after birth can be postpartum psychosis: a medical emergency that can be treated. Stay with the mother and do not leave her alone with the baby; call emergency services or the mental-health crisis team now.',
    basis:
      "Royal College of Psychiatrists, 'Postpartum psychosis' public information; NICE CG192 Antenatal and postnatal mental health (2014, updated 2020)",
  },
  drug_toxicity: {
    label: 'signs that a medicine is causing serious harm (toxicity)',
    firstAid:
      'These signs in someone taking this medicine can mean it has built up to a harmful level or is causing a serious reaction: do not take the next dose until a doctor says so, get medical help now, and bring all the medicines and their packets.',
    basis: 'the product labels and safety communications named with each finding (resources/triage/toxicity.json)',
  },
  critical_value: {
    label: 'a critical value (laboratory result or vital sign)',
    firstAid: null,
    basis: 'resources/triage/critical-values.json (each threshold with its own basis)',
  },
  critical_illness: {
    label: 'signs of a life-threatening illness (such as diabetic ketoacidosis or neuroleptic malignant syndrome)',
    firstAid:
      'These signs together can be a life-threatening illness such as diabetic ketoacidosis or neuroleptic malignant syndrome: go to an emergency department now and bring the medicines.',
    basis: 'JBDS-IP diabetic ketoacidosis guideline (2023); Gurrera et al. 2011 NMS consensus criteria',
  },
  animal_poisoning: {
    label: 'a pet that swallowed a human medicine',
    // the line is in resources/triage/animals.json (`poisoned`, seven languages), read by safety.ts
    firstAid: null,
    basis:
      'Veterinary poisons information for owners (ASPCA Animal Poison Control; UK Veterinary Poisons Information Service public pages)',
  },
  unreadable_alarm: {
    label: 'a message that could not be read fully but may describe an emergency',
    firstAid: null,
    basis: 'fail-safe: resources/triage/lang/fallback.json',
  },
};
