/**
 * POST /v1/tools/bloodwork/analyze — each test of a panel matched to a LOINC-coded row of lab_tests (NLM LHC
 * Flowsheet), its value converted to the unit the reference range is written in, and classified against the normal
 * range and danger limits. Unknown tests are listed with suggestions; unconvertible units are per-test errors.
 */
import type { Db } from '../../db/connection.ts';
import { BloodworkData, BloodworkRequest, type BloodworkStatus } from '../../../shared/schemas/tools/bloodwork.ts';
import type { ToolRunner } from '../tool.ts';
import {
  ALIAS_INDEX,
  HBA1C_LOINCS,
  ION_VALENCE,
  TEST_ALIASES,
  classify,
  convertForTest,
  interpretResult,
  prepare,
  rangeText,
  referenceUnitOf,
  relatedFor,
  similarity,
  testKey,
  type Limits,
  type Prepared,
} from './compute.ts';
import { criticalLimitFor, decimalsOf, roundToLabPrecision, thresholdMet, thresholdsFor } from './clinical-limits.ts';

export interface LabRow {
  rowid: number;
  loinc: string;
  name: string;
  long_name: string | null;
  short_name: string | null;
  display: string | null;
  units: string | null;
  ucum: string | null;
  range_text: string | null;
  low: number | null;
  high: number | null;
  danger_low: number | null;
  danger_high: number | null;
  molecular_weight: number | null;
}

interface LabIndex {
  byLoinc: Map<string, LabRow>;
  byName: Map<string, LabRow[]>;
  /** every name and alias a test answers to, for suggestions */
  labels: { label: string; loinc: string; prepared: Prepared }[];
  compound: (slug: string) => { slug: string; name: string } | undefined;
}

const cache = new WeakMap<Db, LabIndex>();

function index(db: Db): LabIndex {
  let idx = cache.get(db);
  if (idx) return idx;
  const rows = db
    .prepare<[], LabRow>(
      `SELECT rowid, loinc, name, long_name, short_name, display, units, ucum, range_text, low, high,
    danger_low, danger_high, molecular_weight FROM lab_tests ORDER BY rowid`,
    )
    .all();
  const byLoinc = new Map<string, LabRow>();
  const byName = new Map<string, LabRow[]>();
  const labels: LabIndex['labels'] = [];
  for (const r of rows) {
    byLoinc.set(r.loinc, r);
    const names = new Set(
      [r.name, r.long_name, r.short_name, r.display].filter((n): n is string => !!n && !!testKey(n)),
    );
    for (const n of names) {
      const k = testKey(n);
      const list = byName.get(k) ?? [];
      if (!list.includes(r)) list.push(r);
      byName.set(k, list);
      labels.push({ label: n, loinc: r.loinc, prepared: prepare(n) });
    }
  }
  for (const [alias, loinc] of Object.entries(TEST_ALIASES))
    labels.push({ label: alias, loinc, prepared: prepare(alias) });
  // one entry per distinct (test, words): the same name in several columns is compared once
  const seen = new Set<string>();
  const distinct = labels.filter((l) => {
    const k = `${l.loinc}|${l.prepared.words}`;
    if (seen.has(k) || !l.prepared.words) return false;
    seen.add(k);
    return true;
  });
  const compoundStmt = db.prepare<[string], { slug: string; name: string }>(
    'SELECT slug, name FROM compounds WHERE slug = ?',
  );
  idx = { byLoinc, byName, labels: distinct, compound: (slug) => compoundStmt.get(slug) };
  cache.set(db, idx);
  return idx;
}

const LOINC_RE = /^\d{1,7}-\d$/;

function conversionOptions(r: LabRow) {
  return {
    molecularWeight: r.molecular_weight,
    valence: ION_VALENCE[r.loinc] ?? null,
    hba1c: HBA1C_LOINCS.has(r.loinc),
  };
}

/** The matched row and how, or null. Several rows with the same name: the one the unit converts to, then serum/plasma, then source order. */
export function matchTest(db: Db, test: string, unit: string): { row: LabRow; by: 'loinc' | 'alias' | 'name' } | null {
  const idx = index(db);
  const t = test.trim();
  if (LOINC_RE.test(t)) {
    const row = idx.byLoinc.get(t);
    return row ? { row, by: 'loinc' } : null;
  }
  const key = testKey(t);
  const alias = ALIAS_INDEX.get(key);
  if (alias) {
    const row = idx.byLoinc.get(alias.loinc);
    if (row) return { row, by: 'alias' };
  }
  const rows = idx.byName.get(key);
  if (!rows?.length) return null;
  const converts = (r: LabRow) => {
    const ref = referenceUnitOf(r).unit;
    return ref !== null && convertForTest(1, unit, ref, conversionOptions(r)).ok;
  };
  const rank = (r: LabRow) => (converts(r) ? 0 : 2) + (r.short_name?.includes('SerPl') ? 0 : 1);
  const best = [...rows].sort((a, b) => rank(a) - rank(b) || a.rowid - b.rowid)[0]!;
  return { row: best, by: 'name' };
}

export function suggestTests(db: Db, test: string, limit = 5): { loinc: string; name: string; via: string }[] {
  const idx = index(db);
  const best = new Map<string, { score: number; via: string }>();
  const query = prepare(test);
  for (const { label, loinc, prepared } of idx.labels) {
    const score = similarity(query, prepared);
    if (score < 0.3) continue;
    const prev = best.get(loinc);
    if (!prev || score > prev.score) best.set(loinc, { score, via: label });
  }
  return [...best.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([loinc, { via }]) => {
      const r = idx.byLoinc.get(loinc)!;
      return { loinc, name: r.long_name ?? r.display ?? r.name, via };
    });
}

const METHOD = {
  name: 'NLM LHC Flowsheet reference ranges (LOINC-coded) with molecular-weight unit conversion',
  reference:
    'U.S. National Library of Medicine, Lister Hill National Center for Biomedical Communications. LHC Flowsheet lab/vitals ' +
    'hierarchy with reference ranges, units and molecular weights (LHNCBC/flowsheet-lhc, src/stores/h17.js, 2020-02-07). ' +
    'LOINC® © Regenstrief Institute, Inc. HbA1c IFCC↔NGSP: Hoelzel W, Weykamp C, Jeppsson JO, et al. IFCC reference system ' +
    'for measurement of hemoglobin A1c in human blood and the national standardization schemes in the United States, Japan, ' +
    'and Sweden: a method-comparison study. Clin Chem. 2004;50(1):166-174.',
};

const RANGE_NOTE =
  "Reference ranges are one institution's adult ranges from the U.S. National Library of Medicine LHC Flowsheet (LOINC-coded), " +
  'without sex or age adjustment: the source has no sex- or age-specific ranges, so the sex and age given are recorded but not used. ' +
  'Some limits are clinical-decision thresholds rather than population ranges (e.g. LDL ≤ 130 mg/dL), and a few source entries are ' +
  "internally inconsistent; the reporting laboratory's own range takes precedence. Critical limits are Kost 1990's survey means where " +
  'it covers the analyte, and guideline decision thresholds (ADA, WHO, Endocrine Society, AHA/ACC, ATA) are listed beside each range, each with its source.';

export const bloodworkTool: ToolRunner<typeof BloodworkRequest, typeof BloodworkData> = {
  name: 'bloodwork',
  request: BloodworkRequest,
  data: BloodworkData,
  run(ctx, input) {
    const idx = index(ctx.content);
    const results: BloodworkData['results'] = [];
    const unmatched: BloodworkData['unmatched'] = [];
    const warnings: string[] = [];
    const noted = new Set<string>();

    input.panel.forEach((m, i) => {
      const match = matchTest(ctx.content, m.test, m.unit);
      if (!match) {
        unmatched.push({ index: i, test: m.test, suggestions: suggestTests(ctx.content, m.test) });
        return;
      }
      const { row: r, by } = match;
      const ref = referenceUnitOf(r);
      const unit = ref.unit ?? '';
      if (ref.note && !noted.has(r.loinc)) {
        noted.add(r.loinc);
        warnings.push(`LOINC ${r.loinc}: ${ref.note}.`);
      }
      const name = r.long_name ?? r.display ?? r.name;
      const critical = criticalLimits(r, unit, warnings);
      const limits: Limits = {
        low: r.low,
        high: r.high,
        dangerLow: critical?.low ?? null,
        dangerHigh: critical?.high ?? null,
      };
      const thresholds = decisionThresholds(r, unit, input.age);
      const base = {
        index: i,
        input: { test: m.test, value: m.value, unit: m.unit },
        test: { loinc: r.loinc, name, short_name: r.short_name, source_name: r.name, matched_by: by },
        reference_range: {
          low: r.low,
          high: r.high,
          unit,
          text: rangeText(r.low, r.high, unit),
          source_text: r.range_text,
        },
        critical_limits: critical,
      };
      const conv =
        ref.unit === null
          ? {
              ok: false as const,
              error: "the source gives no unit for this test's range, so the value cannot be compared with it",
            }
          : convertForTest(m.value, m.unit, ref.unit, conversionOptions(r));
      if (!conv.ok) {
        results.push({
          ...base,
          value: null,
          conversion: null,
          status: 'not_evaluated',
          error: conv.error,
          decision_thresholds: thresholds.map((t) => ({ ...t.shown, met: false })),
          finding: null,
          interpretation: `Not evaluated: ${conv.error}.`,
          related_compounds: [],
        });
        return;
      }
      const status = classify(conv.value, limits);
      const checked = thresholds.map((t) => ({
        ...t.shown,
        met: thresholdMet(t.shown, conv.value),
        severity: t.severity,
      }));
      const top = checked.filter((t) => t.met).sort((a, b) => b.severity - a.severity)[0] ?? null;
      // A converted value carries no more precision than the laboratory's: shown to the range's decimals plus one.
      const shown = conv.converted
        ? roundToLabPrecision(conv.value, decimalsOf(r.low, r.high, critical?.low ?? null, critical?.high ?? null))
        : conv.value;
      const rel = relatedFor(r.loinc, status);
      const related = (rel?.slugs ?? []).flatMap((slug) => {
        const c = idx.compound(slug);
        return c ? [{ slug: c.slug, name: c.name, reason: rel!.reason }] : [];
      });
      results.push({
        ...base,
        value: { value: shown, unit },
        conversion: conv.converted
          ? { from: { value: m.value, unit: m.unit }, to: { value: shown, unit }, method: conv.method ?? '' }
          : null,
        status,
        error: null,
        decision_thresholds: checked.map(({ severity: _s, ...t }) => t),
        finding: top?.label ?? null,
        interpretation:
          (top ? `${name} ${shown} ${unit} is ${top.meaning} (${top.source}). ` : '') +
          interpretResult({
            name,
            status,
            limits,
            unit,
            relatedNames: related.map((c) => c.name),
            criticalSource: critical?.source ?? null,
          }),
        related_compounds: related,
      });
    });

    if (input.age < 18)
      warnings.push(
        `Age ${input.age}: the source's ranges are adult ranges; many analytes differ in children and adolescents.`,
      );

    const count = (s: BloodworkStatus) => results.filter((r) => r.status === s).length;
    const summary = {
      tests: input.panel.length,
      matched: results.length,
      unmatched: unmatched.length,
      not_evaluated: count('not_evaluated'),
      normal: count('normal'),
      low: count('low'),
      high: count('high'),
      critical_low: count('critical_low'),
      critical_high: count('critical_high'),
      decision_flags: results.filter((r) => r.finding !== null).length,
    };
    return {
      patient: { sex: input.sex, age: input.age },
      results,
      unmatched,
      summary,
      range_note: RANGE_NOTE,
      warnings,
      method: METHOD,
      interpretation: overall(results, summary),
    };
  },
};

/**
 * Critical limits for a row: Kost 1990's for the analytes it covers (converted to the row's unit), else the source's
 * own danger limits. A curated limit that cannot be converted to the row's unit is skipped with a warning.
 */
function criticalLimits(
  r: LabRow,
  unit: string,
  warnings: string[],
): BloodworkData['results'][number]['critical_limits'] {
  const curated = criticalLimitFor(r.loinc);
  if (curated) {
    const conv = (x: number | null) => {
      if (x === null) return null;
      const c = convertForTest(x, curated.unit, unit, conversionOptions(r));
      return c.ok ? roundToLabPrecision(c.value, decimalsOf(x)) : undefined;
    };
    const low = conv(curated.low);
    const high = conv(curated.high);
    if (low !== undefined && high !== undefined) return { low, high, unit, source: curated.source.reference };
    warnings.push(
      `LOINC ${r.loinc}: the curated critical limits (${curated.unit}) could not be converted to ${unit || 'no unit'}; the source's own limits are used.`,
    );
  }
  if (r.danger_low === null && r.danger_high === null) return null;
  return { low: r.danger_low, high: r.danger_high, unit, source: 'NLM LHC Flowsheet danger limits for this row' };
}

/** The row's decision thresholds for this age, in the row's unit (unconvertible ones are left out). */
function decisionThresholds(r: LabRow, unit: string, age: number) {
  return thresholdsFor(r.loinc, age).flatMap((t) => {
    const c = convertForTest(t.value, t.unit, unit, conversionOptions(r));
    if (!c.ok) return [];
    const value = c.converted ? roundToLabPrecision(c.value, decimalsOf(t.value)) : t.value;
    return [
      {
        severity: t.severity,
        shown: { label: t.label, comparison: t.comparison, value, unit, meaning: t.meaning, source: t.source.short },
      },
    ];
  });
}

function overall(results: BloodworkData['results'], s: BloodworkData['summary']): string {
  const evaluated = s.matched - s.not_evaluated;
  const parts: string[] = [];
  if (evaluated > 0) {
    const out = results.filter((r) => r.status !== 'normal' && r.status !== 'not_evaluated');
    parts.push(
      out.length === 0
        ? `All ${evaluated} evaluated test${evaluated === 1 ? ' is' : 's are'} within the source's reference ranges.`
        : `${out.length} of ${evaluated} evaluated tests ${out.length === 1 ? 'is' : 'are'} outside the source's reference range: ` +
            `${out.map((r) => `${r.input.test} ${r.status.replace('_', ' ')}`).join(', ')}.`,
    );
    const critical = s.critical_low + s.critical_high;
    if (critical)
      parts.push(
        `${critical} ${critical === 1 ? 'value is' : 'values are'} beyond critical limits and usually need prompt clinical review.`,
      );
    const flagged = results.filter((r) => r.finding !== null);
    if (flagged.length)
      parts.push(
        `Clinical decision thresholds met: ${flagged.map((r) => `${r.input.test} (${r.finding})`).join(', ')}.`,
      );
  }
  if (s.not_evaluated) parts.push(`${s.not_evaluated} could not be evaluated (unit not convertible).`);
  if (s.unmatched)
    parts.push(`${s.unmatched} ${s.unmatched === 1 ? 'test was' : 'tests were'} not recognised (see suggestions).`);
  parts.push(
    "Editorial summary, not a diagnosis; ranges are one institution's adult ranges without sex or age adjustment.",
  );
  return parts.join(' ');
}
