/**
 * Body-composition change between the latest two saved InBody-type results: weight (±1 kg), body fat (±1 point),
 * skeletal muscle mass (±0.5 kg), visceral fat level (±1) and waist (±2 cm). Rising fat, visceral fat or waist, falling
 * muscle, or weight moving against the goal of the latest saved macro plan make it `attention`; otherwise `info`.
 */
import type { InbodyData } from '../../../shared/schemas/tools/inbody.ts';
import type { MacrosData } from '../../../shared/schemas/tools/macros.ts';
import { fmt, type InsightCandidate, type Saved } from '../types.ts';

interface Measure {
  name: string;
  unit: string;
  threshold: number;
  get: (d: InbodyData) => number | null;
  adverseWhen: 1 | -1 | 0;
}

export const MEASURES: readonly Measure[] = [
  { name: 'weight', unit: 'kg', threshold: 1, get: (d) => d.measurements.weight.value, adverseWhen: 0 },
  { name: 'body fat', unit: '%', threshold: 1, get: (d) => d.body_fat?.percent.value ?? null, adverseWhen: 1 },
  {
    name: 'skeletal muscle mass',
    unit: 'kg',
    threshold: 0.5,
    get: (d) => d.muscle?.skeletal_muscle_mass.value ?? null,
    adverseWhen: -1,
  },
  {
    name: 'visceral fat level',
    unit: '',
    threshold: 1,
    get: (d) => d.visceral_fat?.level.value ?? null,
    adverseWhen: 1,
  },
  { name: 'waist', unit: 'cm', threshold: 2, get: (d) => d.waist?.circumference.value ?? null, adverseWhen: 1 },
];

export function bodyCompositionInsights(
  results: Saved<InbodyData>[],
  macroPlans: Saved<MacrosData>[],
): InsightCandidate[] {
  if (results.length < 2) return [];
  const prev = results.at(-2)!;
  const latest = results.at(-1)!;
  const plan = macroPlans.filter((m) => m.created_at <= latest.created_at).at(-1) ?? null;
  const goal = plan?.output.target.goal ?? null;
  const changes: { text: string; adverse: boolean }[] = [];
  for (const m of MEASURES) {
    const a = m.get(prev.output);
    const b = m.get(latest.output);
    if (a === null || b === null || Math.abs(b - a) < m.threshold - 1e-9) continue;
    const delta = b - a;
    const adverse =
      m.adverseWhen !== 0
        ? Math.sign(delta) === m.adverseWhen
        : (goal === 'lose' && delta > 0) || (goal === 'gain' && delta < 0);
    const unit = m.unit === '%' ? ' %' : m.unit ? ` ${m.unit}` : '';
    const step = m.unit === '%' ? ' points' : unit;
    changes.push({
      text: `${m.name} ${fmt(a)} → ${fmt(b)}${unit} (${delta > 0 ? '+' : '−'}${fmt(Math.abs(delta))}${step})`,
      adverse,
    });
  }
  if (!changes.length) return [];
  const weight = MEASURES[0]!;
  const dw = weight.get(latest.output)! - weight.get(prev.output)!;
  const planText =
    plan && goal !== 'maintain' && Math.abs(dw) >= weight.threshold
      ? ` Your macro plan saved on ${plan.created_at.slice(0, 10)} aims to ${goal} weight (${fmt(plan.output.target.weekly_rate.value)} ${plan.output.target.weekly_rate.unit}); the weight change is ${(goal === 'lose') === dw < 0 ? 'in line with it' : 'against it'}.`
      : '';
  return [
    {
      fingerprint: `body_composition_change|${prev.id}|${latest.id}`,
      kind: 'body_composition_change',
      severity: changes.some((c) => c.adverse) ? 'attention' : 'info',
      title: `Body composition changed between ${prev.created_at.slice(0, 10)} and ${latest.created_at.slice(0, 10)}`,
      body: `${changes.map((c) => c.text).join('; ')}.${planText} Bioimpedance estimates vary with hydration, meals and time of day: compare measurements taken under the same conditions.`,
      related_compounds: [],
      evidence: [],
      source_results: [prev.id, latest.id, ...(plan && planText ? [plan.id] : [])],
      rule: 'latest two saved body-composition results differ beyond a threshold per measure (weight 1 kg, body fat 1 point, muscle 0.5 kg, visceral level 1, waist 2 cm)',
    },
  ];
}
