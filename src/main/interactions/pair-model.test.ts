/** Merging sources into one verdict per pair, on the built content database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../tools/test-support.ts';
import { checkInteractions, findDuplicates, highestSeverity } from './check.ts';
import { pairVerdicts } from './pair-model.ts';
import { resolveName } from '../vocabulary/resolver.ts';
import { SEVERITY_RANK } from './rules.ts';

let db: Db;
beforeAll(() => { db = openContentDb(CONTENT_DB); });
afterAll(() => db.close());

const verdictOf = (a: string, b: string) => pairVerdicts(db, [resolveName(db, a), resolveName(db, b)]).verdicts[0];

describe('pair model', () => {
  it('the scale is contraindicated > major > moderate > minor > unknown', () => {
    expect(SEVERITY_RANK).toEqual({ contraindicated: 0, major: 1, moderate: 2, minor: 3, unknown: 4 });
    expect(highestSeverity([{ severity: 'unknown' }, { severity: 'minor' }], 0)).toBe('minor');
    expect(highestSeverity([], 0)).toBe('none');
    expect(highestSeverity([], 1)).toBe('unknown');
    expect(highestSeverity([{ severity: 'minor' }], 1)).toBe('minor');
  });

  it('takes the most severe source, keeps each source once at its most severe level, flags disagreement', () => {
    // clarithromycin + simvastatin: the ONC high-priority list and the CYP3A4 rule say contraindicated, DDInter major
    const v = verdictOf('clarithromycin', 'simvastatin')!;
    expect(v.severity).toBe('contraindicated');
    const by = Object.fromEntries(v.findings.map((f) => [f.source, f]));
    expect(by.onc_high_priority).toMatchObject({ severity: 'contraindicated', level: 'high priority (interruptive)' });
    expect(by.ddinter).toMatchObject({ severity: 'major', level: 'Major', listedAs: 'Clarithromycin + Simvastatin' });
    expect(by.class_rule).toMatchObject({ severity: 'contraindicated', rule: 'cyp3a4-strong-contraindicated' });
    expect(new Set(v.findings.map((f) => f.source)).size).toBe(v.findings.length);
    expect(v.sourcesDisagree).toBe(true);
    // the text comes from the most severe source with text: the rule
    expect(v.textFrom).toBe('class_rule');
    expect(v.mechanism).toMatch(/CYP3A4/);
    // sorted most severe first
    expect(v.findings.map((f) => SEVERITY_RANK[f.severity])).toEqual([...v.findings.map((f) => SEVERITY_RANK[f.severity])].sort((a, b) => a - b));
  });

  it('agreeing sources do not disagree; unknown levels never count as disagreement', () => {
    const v = verdictOf('warfarin', 'ibuprofen')!;
    expect(v.severity).toBe('major');
    expect(v.findings.filter((f) => f.severity !== 'unknown').every((f) => f.severity === 'major')).toBe(true);
    expect(v.sourcesDisagree).toBe(false);
  });

  it('closes the DDInter gap between cardiovascular, anti-infective and nervous-system drugs with rules', () => {
    expect(verdictOf('digoxin', 'amiodarone')!.severity).toBe('major');
    expect(verdictOf('tadalafil', 'isosorbide mononitrate')!.severity).toBe('contraindicated');
    expect(verdictOf('ciprofloxacin', 'tizanidine')!.severity).toBe('contraindicated');
    expect(verdictOf('citalopram', 'tramadol')!.severity).toBe('major');
  });

  it('a class substance is judged by the member the finding concerns, and says which', () => {
    const v = verdictOf("St John's wort", 'oral contraceptives')!;
    expect(v.severity).toBe('major');
    expect(v.findings.find((f) => f.source === 'class_rule')!.listedAs).toMatch(/St\. John's Wort \+ /);
  });

  it('duplicates: the same record, the same ingredients or the same class, whatever the spelling', () => {
    const subs = ['warfarin', 'Coumadin', 'aspirin', 'ASA', 'statins', 'HMG-CoA reductase inhibitors', 'lithium', 'Lithium carbonate'].map((n) => resolveName(db, n));
    expect(findDuplicates(subs)).toEqual([null, 0, null, 2, null, 4, null, 6]);
  });

  it('every drug a class rule names, and every class member but two generic words, is a substance some source knows', () => {
    // a misspelt member would be a key no user input can reach
    const known = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM ix_names WHERE key = ? AND via NOT IN ('rule', 'alias')");
    const ruleKeys = new Set(db.prepare<[], { data: string }>('SELECT data FROM ix_rules').all()
      .flatMap((r) => { const x = JSON.parse(r.data) as { a: { keys: string[] }; b: { keys: string[] }; except: string[] }; return [...x.a.keys, ...x.b.keys, ...x.except]; }));
    expect([...ruleKeys].filter((k) => known.get(k)!.n === 0)).toEqual([]);
    const members = db.prepare<[], { key: string }>('SELECT DISTINCT key FROM ix_class_members ORDER BY key').all().map((r) => r.key);
    expect(members.filter((k) => known.get(k)!.n === 0)).toEqual(['penicillin', 'thyroid']);
  });

  it('checkInteractions: a pair no source lists gives none; its coverage still speaks', () => {
    const r = checkInteractions(db, ['glycine', 'lutein']);
    expect(r.highest_severity).toBe('none');
    expect(r.coverage.statement).toMatch(/not proof of safety/);
  });
});
