/**
 * The protocol builder's kidney dosing over HTTP (issue 25): each renal rule compared with the measure its label uses —
 * Cockcroft–Gault creatinine clearance for CrCl thresholds, CKD-EPI 2021 eGFR for eGFR thresholds, serum creatinine
 * for creatinine bands — and what the builder does with it. The expected CrCl and eGFR are computed here by a second
 * implementation of the published formulas (below), not read from the app; the expected action is the label's, as our
 * monograph bands and texts state it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/* ------------------------------------------------ a second implementation of the formulas */

type Sex = 'female' | 'male';
/** CKD-EPI 2021 (Inker et al., NEJM 2021), race-free; Scr in mg/dL. */
function egfr2021(scr: number, age: number, sex: Sex): number {
  const [k, a, f] = sex === 'female' ? [0.7, -0.241, 1.012] : [0.9, -0.302, 1];
  const r = scr / k;
  return 142 * Math.pow(Math.min(r, 1), a) * Math.pow(Math.max(r, 1), -1.2) * Math.pow(0.9938, age) * f;
}
/** Cockcroft–Gault (1976): mL/min. */
const cockcroft = (age: number, kg: number, scr: number, sex: Sex) =>
  ((140 - age) * kg * (sex === 'female' ? 0.85 : 1)) / (72 * scr);
/** Devine (1974): 50 / 45.5 kg + 2.3 kg per inch over 60 inches. */
const devine = (cm: number, sex: Sex) => (sex === 'male' ? 50 : 45.5) + 2.3 * (cm / 2.54 - 60);
const adjusted = (kg: number, ibw: number) => ibw + 0.4 * (kg - ibw);
const r1 = (x: number) => Math.round(x * 10) / 10;

interface Patient {
  sex: Sex;
  age: number;
  scr: number;
  unit?: 'mg/dL' | 'umol/L' | 'µmol/L';
  weight?: number;
  height?: number;
}
const mgDl = (p: Patient) => (p.unit && p.unit !== 'mg/dL' ? p.scr / 88.4 : p.scr);
/** The CrCl a case expects, with the weight it names (the weight rule is the app's; the case states the outcome). */
function crcl(p: Patient, weight: 'actual' | 'ideal' | 'adjusted'): number {
  const ibw = p.height ? devine(p.height, p.sex) : NaN;
  const kg = weight === 'actual' ? p.weight! : weight === 'ideal' ? ibw : adjusted(p.weight!, ibw);
  return cockcroft(p.age, kg, mgDl(p), p.sex);
}
const egfr = (p: Patient) => egfr2021(mgDl(p), p.age, p.sex);

/* ------------------------------------------------ the request and what to read */

interface Condition {
  measure: string;
  compared_with: { measure: string; value: number; unit: string } | null;
  applies: boolean | null;
}
interface Rule {
  source: string;
  field: string;
  text: string;
  advice: string;
  action: string;
  conditions: Condition[];
  applies: boolean | null;
  decides: boolean;
  note: string | null;
}
interface Renal {
  rules_from: string;
  weight: { used: string; value: { value: number }; why: string } | null;
  action: string;
  scheduled: boolean;
  statement: string;
  rules: Rule[];
}
interface Compound {
  slug: string;
  name: string;
  dose: { text: string; amount: unknown };
  phases: { phase: string; instructions: string }[];
  titration: { label: { product: string } | null };
  warnings: string[];
  renal: Renal | null;
}
interface Body {
  compounds: Compound[];
  schedule: { week: number; items: { slug: string }[]; events: string[] }[];
  warnings: string[];
  interpretation: string;
  kidney_function: {
    egfr: { value: number; unit: string };
    creatinine: { value: number; unit: string };
    creatinine_clearance: {
      weights: Record<string, { value: number } | null>;
      by_weight: Record<string, { value: number } | null>;
      used: { weight: string; value: { value: number }; why: string };
    } | null;
    creatinine_clearance_note: string | null;
    statements: { slug: string; thresholds: Condition[]; applies: boolean | null }[];
  };
}

const kidneyOf = (p: Patient) => ({
  sex: p.sex,
  age: p.age,
  creatinine: { value: p.scr, unit: p.unit ?? 'mg/dL' },
  ...(p.weight !== undefined ? { weight_kg: p.weight } : {}),
  ...(p.height !== undefined ? { height_cm: p.height } : {}),
});

// A fresh key per request keeps the protocol builder's 10-a-minute limit out of the way.
async function build(p: Patient, compounds: string[], goal: string): Promise<Body> {
  const res = await t.http
    .post('/v1/tools/protocol/build')
    .set('X-API-Key', t.keyWith(['tools']))
    .send({ compounds, duration_weeks: 8, goal, kidney: kidneyOf(p) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body.data as Body;
  // Every response: eGFR and each CrCl match the second implementation, and no threshold is compared with a measure
  // other than its own (a CrCl threshold is never compared with eGFR).
  expect(body.kidney_function.egfr.value).toBe(r1(egfr(p)));
  if (p.weight !== undefined) {
    const cc = body.kidney_function.creatinine_clearance!;
    expect(cc.by_weight.actual!.value).toBe(r1(crcl(p, 'actual')));
    if (p.height !== undefined) {
      expect(cc.by_weight.ideal!.value).toBe(r1(crcl(p, 'ideal')));
      expect(cc.by_weight.adjusted!.value).toBe(r1(crcl(p, 'adjusted')));
      expect(cc.weights.ideal!.value).toBe(r1(devine(p.height, p.sex)));
    } else {
      expect(cc.by_weight.ideal).toBeNull();
    }
  } else {
    expect(body.kidney_function.creatinine_clearance).toBeNull();
    expect(body.kidney_function.creatinine_clearance_note).toMatch(/needs weight: give kidney\.weight_kg/);
  }
  const conditions = [
    ...body.compounds.flatMap((c) => c.renal!.rules.flatMap((r) => r.conditions)),
    ...body.kidney_function.statements.flatMap((s) => s.thresholds),
  ];
  for (const c of conditions) {
    if (c.measure === 'CrCl') expect(c.compared_with?.measure ?? 'CrCl').toBe('CrCl');
    if (c.measure === 'eGFR') expect(c.compared_with!.measure).toBe('eGFR');
    if (c.measure === 'serum creatinine') expect(c.compared_with!.measure).toBe('serum creatinine');
    if (c.measure === 'CrCl' && p.weight === undefined) expect([c.compared_with, c.applies]).toEqual([null, null]);
  }
  return body;
}

const compound = (b: Body, slug: string) => b.compounds.find((c) => c.slug === slug)!;

interface Expect {
  action: 'do_not_start' | 'adjust' | 'caution' | 'usual' | 'not_assessed';
  /** The rule the action comes from (a band's range or a clause of the text). */
  rule?: RegExp;
  /** Its measure and the value it was compared with, from the second implementation. */
  measure?: 'CrCl' | 'eGFR' | 'serum creatinine';
  value?: number;
  weight?: 'actual' | 'ideal' | 'adjusted';
  dose?: RegExp;
}

function check(b: Body, slug: string, e: Expect) {
  const c = compound(b, slug);
  const r = c.renal!;
  expect(r.action, `${slug}: ${r.statement}`).toBe(e.action);
  expect(r.scheduled).toBe(e.action !== 'do_not_start');
  if (e.rule) {
    // The deciding rule the statement names (two fields of our text may state the same threshold; one is named).
    const deciding = r.rules.filter((x) => x.decides);
    const hit = deciding.find((x) => e.rule!.test(x.text) && r.statement.includes(x.text));
    expect(hit, `${slug}: deciding rules ${JSON.stringify(deciding.map((x) => x.text))}`).toBeDefined();
    expect(hit!.applies).toBe(true);
    if (e.measure) {
      // A value between two bands applies the lower band (its conditions do not contain the value; its note says so).
      const applied = hit!.conditions.find((x) => x.applies) ?? hit!.conditions[0]!;
      if (!applied.applies) expect(hit!.note).toMatch(/between the label's bands/);
      expect(applied.compared_with).toMatchObject({ measure: e.measure, value: e.value });
    }
  }
  if (e.weight) expect(r.weight!.used).toBe(e.weight);
  if (e.action === 'do_not_start') {
    expect(c.phases).toEqual([]);
    expect(c.dose.amount).toBeNull();
    expect(b.schedule.every((w) => w.items.every((i) => i.slug !== slug))).toBe(true);
    expect(b.schedule[0]!.events.some((x) => x.startsWith('Not started') && x.includes(c.name))).toBe(true);
    expect(b.warnings.some((w) => w.startsWith(`Kidney function: Not scheduled: ${c.name}`))).toBe(true);
  } else {
    expect(c.phases.length).toBeGreaterThan(0);
  }
  if (e.action === 'adjust') expect(c.dose.amount).toBeNull();
  if (e.dose) expect(c.dose.text).toMatch(e.dose);
  return c;
}

/* ------------------------------------------------ the cases */

describe('the reported case: a woman of 85, creatinine 1.1 mg/dL', () => {
  const woman: Patient = { sex: 'female', age: 85, scr: 1.1 };

  it("1. with 55 kg: CrCl 32.5 mL/min (not eGFR 49) is what dabigatran's and tramadol's CrCl rules are compared with", async () => {
    const p = { ...woman, weight: 55 };
    expect(r1(crcl(p, 'actual'))).toBe(32.5);
    expect(r1(egfr(p))).toBe(49.2);
    const b = await build(p, ['dabigatran', 'tramadol'], 'atrial fibrillation');
    expect(b.kidney_function.creatinine_clearance!.used).toMatchObject({ weight: 'actual', value: { value: 32.5 } });
    expect(b.kidney_function.creatinine_clearance!.used.why).toMatch(/no height/);
    // Dabigatran: "75 mg twice daily at CrCl 15–30" does not apply at 32.5, and the usual dose stands; the rule that
    // applies is the peri-procedural one ("3–5 days with creatinine clearance below 50").
    const dabi = check(b, 'dabigatran', {
      action: 'caution',
      rule: /creatinine clearance below 50/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
      weight: 'actual',
      dose: /^150 mg twice daily/,
    });
    const band = dabi.renal!.rules.find((x) => /15–30 mL\/min for atrial fibrillation/.test(x.text))!;
    expect(band.conditions[0]).toMatchObject({ measure: 'CrCl', compared_with: { value: 32.5 }, applies: false });
    const tram = check(b, 'tramadol', { action: 'usual', weight: 'actual' });
    expect(tram.renal!.rules[0]!.conditions[0]).toMatchObject({
      measure: 'CrCl',
      compared_with: { measure: 'CrCl', value: 32.5, unit: 'mL/min' },
      applies: false,
    });
  });

  it('2. with 55 kg and 150 cm: ideal body weight (BMI 24.4), CrCl 25.6 — dabigatran 75 mg twice daily, tramadol every 12 hours', async () => {
    const p = { ...woman, weight: 55, height: 150 };
    const b = await build(p, ['dabigatran', 'tramadol'], 'atrial fibrillation');
    expect(b.kidney_function.creatinine_clearance!.used.weight).toBe('ideal');
    expect(r1(crcl(p, 'ideal'))).toBe(25.6);
    check(b, 'dabigatran', {
      action: 'adjust',
      rule: /75 mg twice daily at creatinine clearance 15–30 mL\/min/,
      measure: 'CrCl',
      value: r1(crcl(p, 'ideal')),
      weight: 'ideal',
      dose: /^Renal: atrial fibrillation 75 mg twice daily/,
    });
    // The VTE avoid also applies; for atrial fibrillation it is a warning, not the decision.
    expect(b.warnings.some((w) => /Dabigatran etexilate — dosing\.notes "avoid VTE use/.test(w))).toBe(true);
    check(b, 'tramadol', {
      action: 'adjust',
      rule: /creatinine clearance below 30 mL\/min: every 12 hours, maximum 200 mg\/day/,
      measure: 'CrCl',
      value: r1(crcl(p, 'ideal')),
      dose: /every 12 hours, maximum 200 mg\/day/,
    });
  });

  it('3. without weight: the CrCl rules are not assessed (applies null, weight needed), never compared with eGFR', async () => {
    const b = await build(woman, ['dabigatran', 'tramadol', 'metformin'], 'atrial fibrillation');
    for (const slug of ['dabigatran', 'tramadol']) {
      const c = check(b, slug, { action: 'not_assessed' });
      expect(c.renal!.statement).toMatch(/needs weight — give kidney\.weight_kg; eGFR is a different measure/);
      expect(c.renal!.rules.filter((r) => r.conditions.length).every((r) => r.applies === null)).toBe(true);
    }
    // Metformin's thresholds are eGFR: assessed without weight (49.2 is above all of them).
    check(b, 'metformin', { action: 'usual' });
  });

  it('4. creatinine in µmol/L (97.24 µmol/L = 1.1 mg/dL) gives the same figures', async () => {
    const p: Patient = { ...woman, scr: 97.24, unit: 'µmol/L', weight: 55 };
    const b = await build(p, ['tramadol'], 'pain');
    expect(b.kidney_function.creatinine).toEqual({ value: 1.1, unit: 'mg/dL' });
    expect(b.kidney_function.creatinine_clearance!.used.value.value).toBe(32.5);
    check(b, 'tramadol', { action: 'usual' });
  });
});

describe('eGFR labels: metformin and the gliflozins', () => {
  it('5. metformin at eGFR 15 (woman of 85, creatinine 2.9): not started, never scheduled up to 2,550 mg/day', async () => {
    const p: Patient = { sex: 'female', age: 85, scr: 2.9, weight: 55 };
    const b = await build(p, ['metformin', 'gabapentin'], 'type 2 diabetes');
    const m = check(b, 'metformin', {
      action: 'do_not_start',
      rule: /Contraindicated when eGFR < 30/,
      measure: 'eGFR',
      value: r1(egfr(p)),
    });
    expect(m.titration.label).toBeNull();
    expect(JSON.stringify(b.schedule)).not.toMatch(/2,550/);
    expect(b.interpretation).toMatch(/Not started because kidney function is below the label's threshold: Metformin/);
    // 6. gabapentin at CrCl 12.3: the label's lowest band, not a titration to 1,800 mg/day.
    const g = check(b, 'gabapentin', {
      action: 'adjust',
      rule: /^CrCl 15 mL\/min or less$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
      dose: /^100–300 mg a day as one dose/,
    });
    expect(g.phases.map((x) => x.instructions).join(' ')).not.toMatch(/1,800/);
    expect(g.phases[0]!.instructions).toMatch(/^Start low and step up only within the renal dose/);
  });

  it('7. metformin at eGFR 44 (woman of 70, creatinine 1.3): "do not start when eGFR is 30–45"', async () => {
    const p: Patient = { sex: 'female', age: 70, scr: 1.3 };
    const b = await build(p, ['metformin'], 'type 2 diabetes');
    check(b, 'metformin', {
      action: 'do_not_start',
      rule: /do not start when eGFR is 30–45/,
      measure: 'eGFR',
      value: 44.2,
    });
  });

  it('8. metformin at eGFR 104 (man of 50, creatinine 0.9): the usual dose and the Glucophage escalation', async () => {
    const p: Patient = { sex: 'male', age: 50, scr: 0.9 };
    const b = await build(p, ['metformin'], 'type 2 diabetes');
    const m = check(b, 'metformin', { action: 'usual' });
    expect(m.titration.label!.product).toMatch(/^Glucophage/);
  });

  it('9. sitagliptin-metformin at eGFR 44.2, between its bands "eGFR 30–44" and "45 or more": the lower, do not start', async () => {
    const p: Patient = { sex: 'female', age: 70, scr: 1.3 };
    const b = await build(p, ['sitagliptin-metformin'], 'type 2 diabetes');
    const c = check(b, 'sitagliptin-metformin', {
      action: 'do_not_start',
      rule: /^eGFR 30–44 mL\/min\/1\.73 m²$/,
      measure: 'eGFR',
      value: r1(egfr(p)),
    });
    expect(c.renal!.rules_from).toBe('label_bands');
  });

  it('10. dapagliflozin at eGFR 37 (woman of 60, creatinine 1.6): band "eGFR 25 to below 45", 10 mg once daily', async () => {
    const p: Patient = { sex: 'female', age: 60, scr: 1.6 };
    const b = await build(p, ['dapagliflozin'], 'heart failure');
    check(b, 'dapagliflozin', {
      action: 'adjust',
      rule: /^eGFR 25 to below 45$/,
      measure: 'eGFR',
      value: r1(egfr(p)),
      dose: /^10 mg once daily/,
    });
  });

  it('11. dapagliflozin at eGFR 12.5 (man of 80, creatinine 4.5): band "eGFR below 25", do not start', async () => {
    const p: Patient = { sex: 'male', age: 80, scr: 4.5 };
    const b = await build(p, ['dapagliflozin'], 'heart failure');
    check(b, 'dapagliflozin', { action: 'do_not_start', rule: /^eGFR below 25$/, measure: 'eGFR', value: r1(egfr(p)) });
  });

  it('12. mirabegron at eGFR 12.5: band "eGFR below 15 or dialysis", not recommended', async () => {
    const p: Patient = { sex: 'male', age: 80, scr: 4.5 };
    const b = await build(p, ['mirabegron'], 'overactive bladder');
    check(b, 'mirabegron', { action: 'do_not_start', rule: /^eGFR below 15/, measure: 'eGFR', value: r1(egfr(p)) });
  });
});

describe('CrCl labels: the weight each comparison uses', () => {
  // A man of 65, creatinine 1.8, 110 kg, 175 cm: IBW 70.5 kg, BMI 35.9, adjusted weight 86.3 kg.
  const obese: Patient = { sex: 'male', age: 65, scr: 1.8, weight: 110, height: 175 };

  it('13–14. gabapentin uses adjusted weight (BMI 35.9): CrCl 49.9, band "above 30 to 59"; edoxaban uses actual weight, as its label says: CrCl 63.7, the usual 60 mg', async () => {
    const b = await build(obese, ['gabapentin', 'edoxaban'], 'atrial fibrillation');
    expect(b.kidney_function.creatinine_clearance!.used.weight).toBe('adjusted');
    expect(r1(crcl(obese, 'adjusted'))).toBe(49.9);
    check(b, 'gabapentin', {
      action: 'adjust',
      rule: /^CrCl above 30 to 59 mL\/min$/,
      measure: 'CrCl',
      value: r1(crcl(obese, 'adjusted')),
      weight: 'adjusted',
      dose: /^400–1,400 mg a day in two divided doses/,
    });
    // The band for normal function ("above 50: 60 mg once daily") is the usual dose.
    const e = check(b, 'edoxaban', {
      action: 'usual',
      rule: /^CrCl above 50 mL\/min$/,
      measure: 'CrCl',
      value: r1(crcl(obese, 'actual')),
      weight: 'actual',
    });
    expect(e.renal!.statement).toMatch(/: 60 mg once daily\.$/);
    expect(e.renal!.weight!.why).toMatch(/the label's text says to use actual body weight/);
  });

  it('15. gabapentin for a lean man (50, creatinine 0.9, 80 kg, 180 cm; BMI 24.7): ideal weight, CrCl 104, band "60 or more" (the usual dose)', async () => {
    const p: Patient = { sex: 'male', age: 50, scr: 0.9, weight: 80, height: 180 };
    const b = await build(p, ['gabapentin'], 'postherpetic neuralgia');
    check(b, 'gabapentin', {
      action: 'usual',
      rule: /^CrCl 60 mL\/min or more$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'ideal')),
      weight: 'ideal',
    });
  });

  it('16. actual weight below ideal is used as it is (woman of 80, creatinine 1.5, 45 kg, 165 cm)', async () => {
    const p: Patient = { sex: 'female', age: 80, scr: 1.5, weight: 45, height: 165 };
    expect(devine(165, 'female')).toBeGreaterThan(45);
    const b = await build(p, ['risedronate'], 'osteoporosis');
    expect(b.kidney_function.creatinine_clearance!.used.why).toMatch(/is below ideal body weight/);
    // 17. risedronate at CrCl 21.3: band "CrCl below 30 mL/min", not recommended.
    check(b, 'risedronate', {
      action: 'do_not_start',
      rule: /^CrCl below 30 mL\/min$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
      weight: 'actual',
    });
  });

  it('18. a value between two of the label\'s bands takes the lower (gabapentin at CrCl 29.5: "above 15 to 29")', async () => {
    const p: Patient = { sex: 'female', age: 80, scr: 1.5, weight: 62.5 };
    expect(r1(crcl(p, 'actual'))).toBe(29.5);
    const b = await build(p, ['gabapentin'], 'postherpetic neuralgia');
    const g = check(b, 'gabapentin', {
      action: 'adjust',
      rule: /^CrCl above 15 to 29 mL\/min$/,
      dose: /^200–700 mg a day as one dose/,
    });
    expect(g.renal!.statement).toMatch(/lies between the label's bands; the lower band, the more cautious, is used/);
  });

  it('19. edoxaban at CrCl 11 (man of 80, creatinine 4.5, 60 kg): band "below 15 or dialysis", not recommended', async () => {
    const p: Patient = { sex: 'male', age: 80, scr: 4.5, weight: 60 };
    const b = await build(p, ['edoxaban'], 'atrial fibrillation');
    check(b, 'edoxaban', {
      action: 'do_not_start',
      rule: /^CrCl below 15 mL\/min or dialysis$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
    });
  });

  it('20. levocetirizine at CrCl 9.3 (same man, 50 kg): contraindicated below 10', async () => {
    const p: Patient = { sex: 'male', age: 80, scr: 4.5, weight: 50 };
    const b = await build(p, ['levocetirizine'], 'allergic rhinitis');
    check(b, 'levocetirizine', {
      action: 'do_not_start',
      rule: /^CrCl below 10 mL\/min or haemodialysis$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
    });
  });

  it("21. pregabalin at CrCl 18.8 (man of 82, creatinine 3.0, 70 kg): the text's 15–30 mL/min dose", async () => {
    const p: Patient = { sex: 'male', age: 82, scr: 3.0, weight: 70 };
    const b = await build(p, ['pregabalin'], 'neuropathic pain');
    const c = check(b, 'pregabalin', {
      action: 'adjust',
      rule: /15–30 mL\/min:? 25–150 mg\/day in 1–2 doses/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
      dose: /25–150 mg\/day/,
    });
    expect(c.renal!.rules_from).toBe('text');
  });

  it('22. varenicline at CrCl 26 (woman of 80, creatinine 1.5, 55 kg): the renal dose, not the Chantix escalation to 1 mg twice daily', async () => {
    const p: Patient = { sex: 'female', age: 80, scr: 1.5, weight: 55 };
    const b = await build(p, ['varenicline'], 'smoking cessation');
    const c = check(b, 'varenicline', {
      action: 'adjust',
      rule: /^CrCl <30 mL\/min$/,
      measure: 'CrCl',
      value: r1(crcl(p, 'actual')),
      dose: /^US: 0\.5 mg once daily/,
    });
    expect(c.titration.label).toBeNull();
    expect(c.warnings).toContain(
      "The label's standard escalation (Chantix) is not followed: the renal rule sets the dose.",
    );
  });
});

describe('rules that name an indication, either measure, or serum creatinine', () => {
  const man: Patient = { sex: 'male', age: 75, scr: 2.0, weight: 80 };

  it('23. eplerenone at CrCl 36: contraindicated for hypertension (band "(hypertension)"), a lower start for heart failure', async () => {
    const htn = await build(man, ['eplerenone'], 'hypertension');
    check(htn, 'eplerenone', {
      action: 'do_not_start',
      rule: /^CrCl below 50 mL\/min \(hypertension\)$/,
      measure: 'CrCl',
      value: r1(crcl(man, 'actual')),
    });
    const hf = await build(man, ['eplerenone'], 'heart failure');
    check(hf, 'eplerenone', { action: 'adjust', rule: /^CrCl 31–50 mL\/min \(heart failure\)$/ });
    expect(hf.warnings.some((w) => /Eplerenone — label band "CrCl below 50 mL\/min \(hypertension\)"/.test(w))).toBe(
      true,
    );
  });

  it('24. tranexamic acid: the US bands are serum creatinine, compared with the creatinine (2.0 mg/dL)', async () => {
    const b = await build(man, ['tranexamic-acid'], 'heavy menstrual bleeding');
    check(b, 'tranexamic-acid', {
      action: 'adjust',
      rule: /^Serum creatinine above 1\.4 to 2\.8 mg\/dL \(tablets\)$/,
      measure: 'serum creatinine',
      value: 2,
      dose: /1,300 mg twice daily/,
    });
  });

  it('25. amoxicillin ("CrCl or eGFR"): the lower of CrCl 28.9 and eGFR 41.3 is used — band "GFR 10–30"', async () => {
    const p: Patient = { sex: 'male', age: 65, scr: 1.8, weight: 50 };
    expect(r1(crcl(p, 'actual'))).toBe(28.9);
    expect(r1(egfr(p))).toBe(41.3);
    const b = await build(p, ['amoxicillin'], 'infection');
    check(b, 'amoxicillin', {
      action: 'adjust',
      rule: /^GFR 10–30 mL\/min$/,
      measure: 'CrCl',
      value: 28.9,
      dose: /^250 mg or 500 mg every 12 hours/,
    });
  });

  it('26. without weight, eGFR rules are still applied and CrCl rules wait for weight (metformin and gabapentin at eGFR 15)', async () => {
    const p: Patient = { sex: 'female', age: 85, scr: 2.9 };
    const b = await build(p, ['metformin', 'gabapentin'], 'type 2 diabetes');
    check(b, 'metformin', { action: 'do_not_start', measure: 'eGFR', value: r1(egfr(p)), rule: /eGFR < 30/ });
    check(b, 'gabapentin', { action: 'not_assessed' });
  });
});

describe('bad weight and height are 400s naming the field', () => {
  const base = { compounds: ['gabapentin'], duration_weeks: 4, goal: 'pain' };
  const kidney = { sex: 'male', age: 60, creatinine: { value: 1, unit: 'mg/dL' } };
  const fields = async (k: object) => {
    const res = await t.http
      .post('/v1/tools/protocol/build')
      .set('X-API-Key', t.keyWith(['tools']))
      .send({ ...base, kidney: { ...kidney, ...k } });
    expect(res.status).toBe(400);
    return (res.body.error.details as { field: string; message: string }[]).map((d) => d.field);
  };

  it('out of range, not a number, or negative', async () => {
    expect(await fields({ weight_kg: 0 })).toEqual(['kidney.weight_kg']);
    expect(await fields({ weight_kg: -70 })).toEqual(['kidney.weight_kg']);
    expect(await fields({ weight_kg: 900 })).toEqual(['kidney.weight_kg']);
    expect(await fields({ weight_kg: '70' })).toEqual(['kidney.weight_kg']);
    expect(await fields({ weight_kg: 70, height_cm: 50 })).toEqual(['kidney.height_cm']);
    expect(await fields({ weight_kg: 70, height_cm: 'tall' })).toEqual(['kidney.height_cm']);
    expect(await fields({ weight_kg: 70, height_cm: 400 })).toEqual(['kidney.height_cm']);
  });
});
