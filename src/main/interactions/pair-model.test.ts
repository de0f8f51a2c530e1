/** Merging sources into one verdict per pair, on the built content database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../tools/test-support.ts';
import { checkInteractions, findDuplicates, highestSeverity } from './check.ts';
import { pairVerdicts } from './pair-model.ts';
import { resolveName } from './resolver.ts';
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

  it('a record entry about part of a class does not reach the rest of it (issue 25)', () => {
    // valproate's record: "Carbapenem antibiotics (meropenem, ertapenem)"; warfarin's: "Macrolide antibiotics (…)";
    // sertraline's QT entry: "… macrolide and fluoroquinolone antibiotics"; paracetamol's: "(…, opioid combinations)"
    for (const [a, b] of [['valproate', 'amoxicillin'], ['valproate', 'clindamycin'], ['warfarin', 'cephalexin'], ['sertraline', 'amoxicillin'], ['paracetamol', 'tramadol']]) {
      const v = verdictOf(a!, b!);
      expect(v?.findings.filter((f) => f.source === 'editorial' && /through the class/.test(f.reference)) ?? [], `${a} + ${b}`).toEqual([]);
      expect(v ? SEVERITY_RANK[v.severity] : 9, `${a} + ${b}`).toBeGreaterThan(SEVERITY_RANK.major);
    }
    expect(verdictOf('valproate', 'meropenem')!.severity).toBe('major');
    expect(verdictOf('warfarin', 'clarithromycin')!.severity).toBe('major');
    // "Hyaluronic acid (oral)" is not named "oral" (warfarin's azole entry says "oral gel")
    expect(verdictOf('warfarin', 'hyaluronic acid')).toBeUndefined();
  });

  it('aspirin is not an NSAID for lithium; the rules that concern aspirin name it', () => {
    expect(verdictOf('lithium', 'aspirin')?.findings.some((f) => f.source === 'class_rule' || f.source === 'editorial')).toBeFalsy();
    expect(verdictOf('lithium', 'ibuprofen')!.severity).toBe('major');
    expect(verdictOf('ketorolac', 'aspirin')!.severity).toBe('contraindicated');
    expect(verdictOf('methotrexate', 'aspirin')!.findings.some((f) => f.rule === 'methotrexate-nsaid')).toBe(true);
  });

  it("our records count at their own level: a level the lists raised is not the record's claim for other pairs", () => {
    // simvastatin's entry "Verapamil, diltiazem, dronedarone, amiodarone, amlodipine, ranolazine" is raised to
    // contraindicated in the lists for verapamil; amlodipine is not contraindicated, and no text claims the ONC list
    const v = verdictOf('simvastatin', 'amlodipine')!;
    expect(v.severity).not.toBe('contraindicated');
    expect(v.findings.some((f) => f.source === 'onc_high_priority')).toBe(false);
    expect(v.mechanism ?? '').not.toMatch(/ONC/);
  });

  it('a salt DDInter lists apart is judged as itself: oral calcium carbonate is not intravenous calcium chloride', () => {
    const v = verdictOf('calcium carbonate', 'digoxin');
    expect(v?.findings.find((f) => f.source === 'ddinter')?.listedAs ?? '').not.toMatch(/chloride/i);
  });

  it('checkInteractions: a pair no source lists gives none; its coverage still speaks', () => {
    const r = checkInteractions(db, ['glycine', 'lutein']);
    expect(r.highest_severity).toBe('none');
    expect(r.coverage.statement).toMatch(/not proof of safety/);
  });
});
