/** Merging sources into one verdict per pair, on the built content database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../../../test/helpers/tool-support.ts';
import { checkInteractions, findDuplicates, highestSeverity } from './check.ts';
import { pairVerdicts } from './pair-model.ts';
import { resolveName } from '../vocabulary/resolver.ts';
import { SEVERITY_RANK, type StoredRule, type SubstanceContext } from './rules.ts';
import { DOSE_LIMITS, DoseLimitsFile } from './dose-limits.ts';

let db: Db;
beforeAll(() => {
  db = openContentDb(CONTENT_DB);
});
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
    expect(v.findings.map((f) => SEVERITY_RANK[f.severity])).toEqual(
      [...v.findings.map((f) => SEVERITY_RANK[f.severity])].sort((a, b) => a - b),
    );
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
    const subs = [
      'warfarin',
      'Coumadin',
      'aspirin',
      'ASA',
      'statins',
      'HMG-CoA reductase inhibitors',
      'lithium',
      'Lithium carbonate',
    ].map((n) => resolveName(db, n));
    expect(findDuplicates(subs)).toEqual([null, 0, null, 2, null, 4, null, 6]);
  });

  it('every drug a class rule names, and every class member but two generic words, is a substance some source knows', () => {
    // a misspelt member would be a key no user input can reach
    const known = db.prepare<[string], { n: number }>(
      "SELECT count(*) AS n FROM ix_names WHERE key = ? AND via NOT IN ('rule', 'alias')",
    );
    const ruleKeys = new Set(
      db
        .prepare<[], { data: string }>('SELECT data FROM ix_rules')
        .all()
        .flatMap((r) => {
          const x = JSON.parse(r.data) as { a: { keys: string[] }; b: { keys: string[] }; except: string[] };
          return [...x.a.keys, ...x.b.keys, ...x.except];
        }),
    );
    expect([...ruleKeys].filter((k) => known.get(k)!.n === 0)).toEqual([]);
    // thyroid is now known by its WHO ATC name (H03AA05, thyroid gland preparations)
    const members = db
      .prepare<[], { key: string }>('SELECT DISTINCT key FROM ix_class_members ORDER BY key')
      .all()
      .map((r) => r.key);
    expect(members.filter((k) => known.get(k)!.n === 0)).toEqual(['penicillin']);
  });

  it('a record entry about part of a class does not reach the rest of it (issue 25)', () => {
    // valproate's record: "Carbapenem antibiotics (meropenem, ertapenem)"; warfarin's: "Macrolide antibiotics (…)";
    // sertraline's QT entry: "… macrolide and fluoroquinolone antibiotics"; paracetamol's: "(…, opioid combinations)"
    for (const [a, b] of [
      ['valproate', 'amoxicillin'],
      ['valproate', 'clindamycin'],
      ['warfarin', 'cephalexin'],
      ['sertraline', 'amoxicillin'],
      ['paracetamol', 'tramadol'],
    ]) {
      const v = verdictOf(a!, b!);
      expect(
        v?.findings.filter((f) => f.source === 'editorial' && /through the class/.test(f.reference)) ?? [],
        `${a} + ${b}`,
      ).toEqual([]);
      expect(v ? SEVERITY_RANK[v.severity] : 9, `${a} + ${b}`).toBeGreaterThan(SEVERITY_RANK.major);
    }
    expect(verdictOf('valproate', 'meropenem')!.severity).toBe('major');
    expect(verdictOf('warfarin', 'clarithromycin')!.severity).toBe('major');
    // "Hyaluronic acid (oral)" is not named "oral" (warfarin's azole entry says "oral gel")
    expect(verdictOf('warfarin', 'hyaluronic acid')).toBeUndefined();
  });

  it('aspirin is not an NSAID for lithium; the rules that concern aspirin name it', () => {
    expect(
      verdictOf('lithium', 'aspirin')?.findings.some((f) => f.source === 'class_rule' || f.source === 'editorial'),
    ).toBeFalsy();
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

  it('a label sentence about some members of a class reaches only those ("statins metabolized by CYP3A4")', () => {
    expect(verdictOf('pravastatin', 'diltiazem')?.findings.some((f) => f.source === 'nlm_spl') ?? false).toBe(false);
    expect(verdictOf('atorvastatin', 'diltiazem')!.findings.some((f) => f.source === 'nlm_spl')).toBe(true);
  });

  it('domperidone with a strong CYP3A4 inhibitor is contraindicated (its SmPC)', () => {
    expect(verdictOf('domperidone', 'ketoconazole')!.severity).toBe('contraindicated');
  });

  it('label dose limits are conditions: the dose decides within the limit; unknown gives the stricter level and says so', () => {
    const withCtx = (a: string, b: string, ca: SubstanceContext, cb: SubstanceContext = {}) =>
      checkInteractions(db, [a, b], [ca, cb]).pairs[0]!;
    const unknown = withCtx('simvastatin', 'amlodipine', {});
    expect(unknown.severity).toBe('major');
    expect(unknown.management).toMatch(/depends on the simvastatin dose, which was not given/);
    const low = withCtx('simvastatin', 'amlodipine', { doseMg: 20 });
    expect(low.severity).toBe('moderate');
    expect(low.sources.find((x) => x.source === 'class_rule')!.level).toMatch(/at the dose or route given/);
    expect(low.sources_disagree).toBe(true);
    expect(withCtx('simvastatin', 'amlodipine', { doseMg: 40 }).severity).toBe('major');
    expect(withCtx('simvastatin', 'diltiazem', { doseMg: 10 }).severity).toBe('moderate');
    expect(SEVERITY_RANK[withCtx('simvastatin', 'diltiazem', { doseMg: 40 }).severity]).toBeLessThanOrEqual(
      SEVERITY_RANK.major,
    );
    expect(withCtx('methotrexate', 'ibuprofen', { doseMg: 15 }).severity).toBe('moderate');
    expect(withCtx('methotrexate', 'ibuprofen', {}).severity).toBe('major');
    expect(withCtx('topiramate', 'combined oral contraceptive', { doseMg: 50 }).severity).toBe('minor');
    expect(withCtx('topiramate', 'combined oral contraceptive', { doseMg: 400 }).severity).toBe('major');
  });

  it('route conditions: intravenous calcium with digoxin, not calcium by mouth; intravenous verapamil with a beta-blocker', () => {
    const withCtx = (a: string, b: string, ca: SubstanceContext, cb: SubstanceContext = {}) =>
      checkInteractions(db, [a, b], [ca, cb]).pairs[0]!;
    expect(withCtx('calcium gluconate', 'digoxin', { route: 'IV' }).severity).toBe('major');
    expect(withCtx('calcium', 'digoxin', { route: 'oral' }).severity).toBe('minor');
    // calcium carbonate is only taken by mouth (the rule's known routes)
    expect(withCtx('calcium carbonate', 'digoxin', {}).severity).toBe('minor');
    const unknown = withCtx('calcium', 'digoxin', {});
    expect(unknown.severity).toBe('major');
    expect(unknown.management).toMatch(/depends on the route/);
    expect(withCtx('verapamil', 'metoprolol', { route: 'intravenous' }, { route: 'intravenous' }).severity).toBe(
      'contraindicated',
    );
    // by mouth, or unsaid: not contraindicated, and the text is about the beta-blocker, not verapamil's digoxin advice
    const oral = withCtx('verapamil', 'metoprolol', {});
    expect(['moderate', 'major']).toContain(oral.severity);
    expect(oral.sources.some((x) => x.rule === 'ccb-beta-blocker-iv')).toBe(false);
    expect(`${oral.mechanism} ${oral.management}`).not.toMatch(/digoxin/i);
  });

  it('blind round 2 classes: fluoropyrimidines + DPD inhibitors, IV dantrolene + verapamil, antiretroviral contraindications', () => {
    const withCtx = (a: string, b: string, ca: SubstanceContext = {}, cb: SubstanceContext = {}) =>
      checkInteractions(db, [a, b], [ca, cb]).pairs[0];
    for (const f of ['capecitabine', 'fluorouracil', 'tegafur', 'flucytosine'])
      expect(verdictOf(f, 'brivudine')!.severity).toBe('contraindicated');
    expect(withCtx('dantrolene', 'verapamil', { route: 'IV' })!.severity).toBe('major');
    expect(
      withCtx('dantrolene', 'verapamil', { route: 'oral' })?.sources.some((x) => x.rule === 'dantrolene-iv-ccb') ??
        false,
    ).toBe(false);
    expect(withCtx('dantrolene', 'diltiazem')!.management).toMatch(/intravenous dantrolene/);
    // combination brands reach the rules of each ingredient's label
    expect(verdictOf('Paxlovid', 'amiodarone')!.severity).toBe('contraindicated');
    expect(verdictOf('Paxlovid', 'colchicine')!.severity).toBe('contraindicated');
    expect(verdictOf('Genvoya', 'rifampicin')!.severity).toBe('contraindicated');
    expect(verdictOf('Biktarvy', 'rifampicin')!.severity).toBe('contraindicated');
    expect(verdictOf('rilpivirine', 'esomeprazole')!.severity).toBe('contraindicated');
    expect(verdictOf('apomorphine', 'ondansetron')!.severity).toBe('contraindicated');
    // aspirin with ticagrelor: above 100 mg a day the label says avoid; 75 mg is the labelled regimen
    expect(withCtx('aspirin', 'ticagrelor', { doseMg: 75 })!.severity).toBe('moderate');
    expect(withCtx('aspirin', 'ticagrelor', { doseMg: 300 })!.severity).toBe('major');
  });

  it('label contraindications (clinical lead review 2026-11-28): statins with ciclosporin, sirolimus, flibanserin', () => {
    const ruleOf = (a: string, b: string) =>
      verdictOf(a, b)!.findings.find((x) => x.rule === 'statin-cyclosporine-contraindicated');
    // simvastatin, pitavastatin (US and EU) and rosuvastatin (EU SmPC 4.3) are contraindicated with ciclosporin
    for (const s of ['simvastatin', 'pitavastatin', 'rosuvastatin'])
      expect(verdictOf(s, 'cyclosporine')!.severity, s).toBe('contraindicated');
    // atorvastatin: "avoid" (US) / at most 10 mg (EU): major, not contraindicated; the advice names the labels' alternatives
    expect(verdictOf('atorvastatin', 'cyclosporine')!.severity).toBe('major');
    expect(ruleOf('atorvastatin', 'cyclosporine')).toBeUndefined();
    expect(verdictOf('rosuvastatin', 'ciclosporin')!.management).toMatch(/pravastatin/);
    expect(verdictOf('rosuvastatin', 'ciclosporin')!.management).not.toMatch(/e\.g\. rosuvastatin 5 mg/);
    for (const a of ['voriconazole', 'posaconazole'])
      expect(verdictOf(a, 'sirolimus')!.severity, a).toBe('contraindicated');
    // flibanserin: moderate CYP3A4 inhibitors including fluvoxamine (FDA table) and grapefruit juice (its label)
    for (const i of ['fluconazole', 'fluvoxamine', 'grapefruit juice', 'diltiazem'])
      expect(verdictOf(i, 'flibanserin')!.severity, i).toBe('contraindicated');
  });

  it('blind round 6 classes: smoking, tyramine by MAOI kind and dose, hepatitis C and fluconazole contraindications', () => {
    const level = (a: string, b: string) => checkInteractions(db, [a, b]).highest_severity;
    // smoking read as tobacco smoke (not a note); the narrow-margin CYP1A2 substrates are a required dose change
    expect(level('cigarettes', 'clozapine 200 mg bd')).toBe('major');
    expect(level('Smoking', 'Nuelin SA 250 mg')).toBe('major');
    expect(level('smoking', 'olanzapine 10 mg')).toBe('moderate');
    expect(level('nicotine gum', 'clozapine')).not.toBe('major');
    // tyramine: non-selective MAOIs stay major; reversible or MAO-B-selective ones moderate; selegiline by its dose
    expect(level('tranylcypromine', 'stilton')).toBe('major');
    expect(level('moclobemide 300 mg', 'mature cheddar')).toBe('moderate');
    expect(level('safinamide', 'salami')).toBe('moderate');
    expect(level('selegiline 9 mg/24 h patch', 'parmesan')).toBe('major');
    expect(level('selegiline 6 mg/24 h patch', 'parmesan')).toBe('minor');
    expect(level('selegiline', 'parmesan')).toBe('major');
    // label contraindications: Zepatier with OATP1B inhibitors, Maviret with ethinylestradiol, fluconazole with QT CYP3A4 substrates
    expect(level('elbasvir/grazoprevir', 'darunavir')).toBe('contraindicated');
    expect(level('glecaprevir/pibrentasvir', 'Microgynon 30')).toBe('contraindicated');
    expect(level('fluconazole 50 mg', 'quinidine')).toBe('contraindicated');
    // second review (2026-11-29): methylene blue's label has no tyramine diet; procarbazine's has
    expect(level('methylene blue', 'cheddar')).not.toBe('major');
    expect(level('procarbazine', 'stilton')).toBe('major');
    // lovastatin is not in Maviret's EU 4.3 (US: not recommended): major; atorvastatin stays contraindicated
    expect(level('glecaprevir/pibrentasvir', 'lovastatin')).toBe('major');
    expect(level('glecaprevir/pibrentasvir', 'atorvastatin')).toBe('contraindicated');
    // terfenadine is contraindicated from fluconazole 400 mg a day (the labels' dose), major below it
    expect(level('fluconazole 400 mg', 'terfenadine')).toBe('contraindicated');
    expect(level('fluconazole 150 mg', 'terfenadine')).toBe('major');
  });

  it('blind round 7 classes: label contraindications by their exact members, foods and drinks as written', () => {
    const level = (a: string, b: string) => checkInteractions(db, [a, b]).highest_severity;
    const rule = (a: string, b: string) =>
      checkInteractions(db, [a, b]).pairs[0]?.sources.find((s) => s.source === 'class_rule')?.severity ?? null;
    // QT: citalopram and escitalopram with the drugs their SmPC names; hydroxyzine with those its SmPC names
    expect(level('citalopram 20 mg', 'haloperidol')).toBe('contraindicated');
    expect(level('hydroxyzine 25 mg', 'methadone')).toBe('contraindicated');
    expect(level('Cipramil', 'mizolastine')).toBe('contraindicated');
    // … and not with members of a QT class the label does not name (the other sources judge those)
    expect(rule('sertraline', 'hydroxyzine')).not.toBe('contraindicated');
    expect(rule('escitalopram', 'ondansetron')).not.toBe('contraindicated');
    // tricyclic antidepressants are in the Cipralex/Cipramil 4.5 list (second review 2026-11-29)
    expect(rule('citalopram', 'amitriptyline')).toBe('contraindicated');
    expect(rule('hydroxyzine', 'azithromycin')).not.toBe('contraindicated');
    // quetiapine with the CYP3A4 inhibitors Seroquel's SmPC names; not with a moderate azole or a non-inhibitor
    expect(level('quetiapine 100 mg', 'itraconazole')).toBe('contraindicated');
    expect(level('Seroquel XR', 'Prezcobix')).toBe('contraindicated');
    expect(rule('quetiapine', 'fluconazole')).not.toBe('contraindicated');
    expect(rule('quetiapine', 'azithromycin')).not.toBe('contraindicated');
    expect(rule('olanzapine', 'ritonavir')).toBeNull();
    // metoclopramide with levodopa or a dopamine agonist; domperidone is the alternative, not a member
    expect(level('metoclopramide 10 mg tds', 'ropinirole')).toBe('contraindicated');
    expect(level('Madopar', 'metoclopramide')).toBe('contraindicated');
    expect(rule('domperidone', 'levodopa')).toBeNull();
    // opioid antagonists with opioid agonists; the peripheral antagonists and loperamide are not concerned
    expect(level('nalmefene', 'tramadol 50 mg')).toBe('contraindicated');
    // nalmefene as a nasal spray is an overdose antidote kept alongside an opioid (second review 2026-11-29)
    expect(rule('nalmefene nasal spray', 'morphine')).toBeNull();
    expect(level('Selincro 18 mg tablets', 'tramadol 50 mg')).toBe('contraindicated');
    // abrocitinib: aspirin above the label's low dose (81 mg) is contraindicated, low-dose aspirin is allowed
    expect(level('abrocitinib 100 mg', 'aspirin 300 mg')).toBe('contraindicated');
    expect(rule('abrocitinib 100 mg', 'aspirin 75 mg')).toBeNull();
    // Vaxchora's label makes immunocompromise a warning, not a contraindication; the label lists are 'such as' lists
    expect(rule('Vaxchora', 'tacrolimus')).toBeNull();
    expect(rule('Stamaril', 'tacrolimus')).toBe('contraindicated');
    expect(rule('avanafil', 'voriconazole')).toBe('contraindicated');
    expect(rule('doravirine', 'apalutamide')).toBe('contraindicated');
    expect(level('naltrexone', 'co-codamol 30/500')).toBe('contraindicated');
    expect(rule('methylnaltrexone', 'morphine')).toBeNull();
    expect(rule('naloxegol', 'oxycodone')).toBeNull();
    expect(rule('naltrexone', 'loperamide')).toBeNull();
    // ceftriaxone with intravenous calcium; calcium by mouth and another cephalosporin are not concerned
    expect(level('ceftriaxone 1 g IV', 'calcium chloride 10% IV')).toBe('contraindicated');
    expect(rule('ceftriaxone', 'calcium carbonate')).toBeNull();
    expect(rule('cefotaxime', 'calcium gluconate IV')).toBeNull();
    // metamizole adds to methotrexate's haematotoxicity (avoid); not a class rule for other analgesics
    expect(level('dipirona 500 mg', 'methotrexate 10 mg weekly')).toBe('major');
    expect(rule('metamizole', 'ibuprofen')).toBeNull();
    // rasagiline needs no tyramine diet at its dose; a non-selective MAOI still does
    expect(level('rasagiline 1 mg', 'blue cheese')).toBe('minor');
    expect(level('phenelzine', 'blue cheese')).toBe('major');
    // selegiline by its form: tablets up to the labelled 10 mg a day need no diet; above it, or Emsam 9-12 mg/24 h, do
    expect(level('selegiline 5 mg tablets bd', 'stilton')).toBe('minor');
    expect(level('selegiline 15 mg PO', 'stilton')).toBe('major');
    expect(level('Emsam 12 mg/24 h', 'stilton')).toBe('major');
    // grapefruit where the label says avoid it; not for a drug grapefruit does not concern
    expect(level('nilotinib', 'grapefruit juice')).toBe('major');
    expect(level('tolvaptan', 'pomelo')).toBe('major');
    expect(level('pravastatin', 'grapefruit')).toBe('none');
    // vitamin K with every vitamin K antagonist, not with a DOAC
    expect(level('acenocoumarol', 'spinach')).toBe('moderate');
    expect(rule('phenprocoumon', 'vitamin K')).toBe('moderate');
    expect(rule('apixaban', 'kale')).toBeNull();
    // a levonorgestrel coil by brand is intrauterine (local-use cap); an implant is not
    expect(level('Mirena', 'carbamazepine 200 mg bd')).toBe('minor');
    expect(level('Nexplanon', 'carbamazepine')).toBe('major');
    // foods and drinks written as people write them, in the languages the vocabulary reads
    expect(level('zumo de pomelo', 'lercanidipine')).toBe('contraindicated');
    expect(level('Grapefruitsaft', 'lovastatin')).toBe('major');
    expect(level('gin', 'zopiclone')).not.toBe('unknown');
    expect(level('cerveja', 'metronidazol')).toBe('major');
    expect(level('Marcumar', 'Grünkohl')).toBe('moderate');
    expect(rule('nattō', 'acenocumarol')).toBe('moderate');
    expect(level('sal light', 'espironolactona')).toBe('major');
    expect(level('NoSalt', 'amiloride')).toBe('contraindicated');
  });

  it('blind round 8 classes: newer and non-US drugs with their label contraindications, exact members', () => {
    const level = (a: string, b: string) => checkInteractions(db, [a, b]).highest_severity;
    const rule = (a: string, b: string) =>
      checkInteractions(db, [a, b]).pairs[0]?.sources.find((s) => s.source === 'class_rule')?.severity ?? null;
    // label contraindications no outside source listed (the pairs were "none")
    expect(level('daridorexant 25 mg', 'posaconazole')).toBe('contraindicated');
    expect(level('agomelatine 25 mg nocte', 'fluvoxamine 50 mg')).toBe('contraindicated');
    expect(level('finerenone 20 mg', 'clarithromycin')).toBe('contraindicated');
    expect(level('dapoxetine 60 mg', 'venlafaxine 75 mg')).toBe('contraindicated');
    expect(level('dapoxetine', 'sumatriptan')).toBe('contraindicated');
    expect(level('lomitapide', 'fluconazole')).toBe('contraindicated');
    expect(level('solriamfetol 75 mg', 'phenelzine')).toBe('contraindicated');
    expect(level('tetrabenazine 25 mg', 'moclobemide')).toBe('contraindicated');
    expect(level('isavuconazonium', 'rifabutin')).toBe('contraindicated');
    // label contraindications the sources graded major
    expect(level('lurasidone 40 mg', 'carbamazepine')).toBe('contraindicated');
    expect(level('praziquantel', 'carbamazepine')).toBe('contraindicated');
    expect(level('cariprazine 3 mg', 'diltiazem')).toBe('contraindicated');
    expect(level('avanafil 100 mg', 'itraconazole')).toBe('contraindicated');
    expect(level('fingolimod 0.5 mg', 'dofetilide')).toBe('contraindicated');
    // exact members: what the labels do not name keeps the other sources' level
    expect(rule('daridorexant', 'fluconazole')).not.toBe('contraindicated');
    expect(rule('agomelatine', 'omeprazole')).toBeNull();
    expect(rule('isavuconazonium', 'ritonavir')).not.toBe('contraindicated');
    expect(rule('finerenone', 'diltiazem')).not.toBe('contraindicated');
    expect(rule('fingolimod', 'flecainide')).toBeNull();
    expect(rule('dapoxetine', 'ibuprofen')).not.toBe('contraindicated'); // the SSRI + NSAID bleeding rule stays
    expect(rule('solriamfetol', 'sertraline')).toBeNull();
    // a change of smoking status, written as people write it, is tobacco smoke (the rules speak of stopping)
    expect(level('theophylline 300 mg bd', 'stopped smoking 3 days ago')).toBe('major');
    expect(level('clozapina 200 mg', 'dejó de fumar')).toBe('major');
    // newer brands are read (Camzyos: mavacamten's label contraindications); a weak CYP2C19 inhibitor is not a member
    expect(level('Camzyos 5 mg', 'fluoxetine 20 mg')).toBe('contraindicated');
    expect(rule('mavacamten', 'omeprazole')).toBeNull();
  });

  it('blind round 9 classes: newer antiretrovirals and other label contraindications, exact members', () => {
    const level = (a: string, b: string) => checkInteractions(db, [a, b]).highest_severity;
    const rule = (a: string, b: string) =>
      checkInteractions(db, [a, b]).pairs[0]?.sources.find((s) => s.source === 'class_rule')?.severity ?? null;
    // strong inducers with doravirine, cabotegravir (oral or long-acting) and lenacapavir: the pairs were "none"
    expect(level('Pifeltro 100 mg od', 'rifapentine')).toBe('contraindicated');
    expect(level('doravirine', 'enzalutamide 160 mg')).toBe('contraindicated');
    expect(level('Apretude 600 mg IM every 2 months', 'phenobarbital 60 mg')).toBe('contraindicated');
    expect(level('cabotegravir 30 mg', 'rifampicin 600 mg')).toBe('contraindicated');
    expect(level('lenacapavir', 'rifampicin')).toBe('contraindicated');
    expect(level('lenacapavir', 'phenytoin 100 mg tds')).toBe('contraindicated');
    // other label contraindications (Tivicay EU 4.3, Cibinqo US 4, Zeposia US 4, Rasilez EU 4.3, Ubrelvy US 4)
    expect(level('dolutegravir', 'dalfampridine')).toBe('contraindicated');
    expect(level('abrocitinib 200 mg', 'ticagrelor 90 mg')).toBe('contraindicated');
    expect(level('ozanimod', 'rasagiline 1 mg')).toBe('contraindicated');
    expect(level('aliskiren 300 mg', 'itraconazole')).toBe('contraindicated');
    expect(level('ubrogepant 100 mg', 'clarithromycin')).toBe('contraindicated');
    expect(level('Soriatane 10 mg', 'red wine')).toBe('contraindicated'); // women who can become pregnant
    // exact members: low-dose aspirin is allowed with abrocitinib; rifabutin is not a member for lenacapavir (a
    // moderate inducer); siponimod and ponesimod have no MAOI contraindication; a weak inhibitor is not ubrogepant's
    expect(rule('abrocitinib', 'aspirin 75 mg')).not.toBe('contraindicated');
    expect(rule('lenacapavir', 'rifabutin')).not.toBe('contraindicated');
    expect(rule('siponimod', 'selegiline')).not.toBe('contraindicated');
    expect(rule('ponesimod', 'phenelzine')).not.toBe('contraindicated');
    expect(rule('ubrogepant', 'cimetidine')).not.toBe('contraindicated');
    expect(rule('aliskiren', 'verapamil')).not.toBe('contraindicated');
  });

  it('blind round 9 classes: local, veterinary and vaccine brands, Chinese herb and Spanish salt names are read', () => {
    const level = (a: string, b: string) => checkInteractions(db, [a, b]).highest_severity;
    const rule = (a: string, b: string) =>
      checkInteractions(db, [a, b]).pairs[0]?.sources.find((s) => s.source === 'class_rule')?.severity ?? null;
    // local brands (Valcote was read as a typo of Valcyte, valganciclovir)
    expect(level('Thioril 50 mg bd', 'fluoxetine 20 mg')).toBe('contraindicated');
    expect(level('Valcote 250 mg', 'ertapenem 1 g IV')).toBe('major');
    expect(level('valproato de sodio 500 mg', 'imipenem')).toBe('major');
    expect(level('Adol 500 mg', 'warfarin 3 mg')).not.toBe('unknown');
    // a veterinary brand a person took is its ingredient
    expect(level('Metacam oral suspension', 'apixaban 5 mg bd')).not.toBe('unknown');
    // a live vaccine with a TNF inhibitor or an immunosuppressant; the recombinant zoster vaccine is not live
    expect(level('YF-Vax', 'infliximab')).toBe('contraindicated');
    expect(level('Varivax', 'tacrolimus 2 mg bd')).toBe('contraindicated');
    expect(level('Vivotif capsules', 'etanercept 50 mg weekly')).toBe('contraindicated');
    expect(rule('Shingrix', 'adalimumab')).toBeNull();
    expect(rule('Zostavax', 'amlodipine')).toBeNull();
    expect(level('Priorix', 'mycophenolate mofetil 1 g bd')).toBe('contraindicated');
    expect(level('FluMist nasal spray', 'golimumab')).toBe('contraindicated'); // not a typo of Flomist (fluticasone)
    expect(rule('recombinant zoster vaccine', 'infliximab')).toBeNull();
    // danshen in characters or pinyin, with a coumarin
    expect(level('丹參', 'acenocoumarol')).toBe('moderate');
    expect(level('danshen', 'phenprocoumon')).toBe('moderate');
  });

  it('checkInteractions: a pair no source lists gives none; its coverage still speaks', () => {
    const r = checkInteractions(db, ['glycine', 'lutein']);
    expect(r.highest_severity).toBe('none');
    expect(r.coverage.statement).toMatch(/not proof of safety/);
  });
});

describe('label dose limits (issue 25): the label caps the dose, so the level follows the dose the line gives', () => {
  const pairOf = (a: string, b: string) => checkInteractions(db, [a, b]).pairs[0]!;

  it('simvastatin + amiodarone: major when the dose is not given, though the ONC list says contraindicated', () => {
    const p = pairOf('simvastatin', 'amiodarone');
    expect(p.sources.find((x) => x.source === 'onc_high_priority')!.severity).toBe('contraindicated');
    expect(p.severity).toBe('major');
    expect(p.sources_disagree).toBe(true);
    expect(p.management).toMatch(
      /Label dose limit \(Zocor \(simvastatin\) US label, 2\.3\): simvastatin at most 20 mg a day with amiodarone\. The simvastatin dose was not given: major/,
    );
    expect(p.management).toMatch(/Sources that list the pair whatever the dose grade it higher/);
  });

  it("the dose on the line decides: above the limit major (not contraindicated), within it the label's level", () => {
    const above = pairOf('simvastatin 40mg', 'amiodarone');
    expect(above.severity).toBe('major');
    expect(above.management).toMatch(/The dose given, 40 mg a day, is above the limit: major/);
    const within = pairOf('simvastatin 20 mg at night', 'amiodarone 200mg od');
    expect(within.severity).toBe('moderate');
    expect(within.management).toMatch(/The dose given, 20 mg a day, is within the limit: moderate/);
    // verapamil, diltiazem, dronedarone: 10 mg (the US label; the UK allows 20 mg and the note says so)
    expect(pairOf('simvastatin 20mg', 'diltiazem').severity).toBe('major');
    expect(pairOf('simvastatin 20mg', 'diltiazem').management).toMatch(/at most 10 mg a day.*UK SmPC allows/);
    expect(pairOf('simvastatin 10mg', 'verapamil').severity).toBe('moderate');
    // the daily dose counts tablets and doses a day: 2 × 10 mg is above 10 mg a day
    expect(pairOf('simvastatin 10mg 2 tablets at night', 'verapamil').severity).toBe('major');
    expect(pairOf('lovastatin 40mg', 'amiodarone').severity).toBe('moderate');
    expect(pairOf('lovastatin 80 mg', 'amiodarone').severity).toBe('major');
    expect(pairOf('atorvastatin 80mg', 'clarithromycin').severity).toBe('major');
  });

  it('ranolazine with a moderate CYP3A inhibitor: 500 mg twice a day, a pair no source listed', () => {
    const unsaid = pairOf('ranolazine', 'diltiazem');
    expect(unsaid.severity).toBe('major');
    expect(unsaid.sources).toEqual([]);
    expect(unsaid.mechanism).toMatch(/CYP3A/);
    expect(unsaid.management).toMatch(/ranolazine at most 500 mg twice a day \(1000 mg a day\) with diltiazem/);
    // no frequency: ranolazine is taken twice a day
    expect(pairOf('ranolazine 500mg', 'verapamil').severity).toBe('moderate');
    expect(pairOf('Ranexa 500 mg bd', 'verapamil').severity).toBe('moderate');
    const high = pairOf('ranolazine 1000 mg twice daily', 'diltiazem');
    expect(high.severity).toBe('major');
    expect(high.management).toMatch(/The dose given, 2000 mg a day, is above the limit/);
  });

  it('only the drug alone (or with a listed companion) against listed partners; label contraindications stand', () => {
    // a strong inhibitor is not a dose limit: simvastatin + clarithromycin stays contraindicated at any dose
    expect(pairOf('simvastatin 10mg', 'clarithromycin').severity).toBe('contraindicated');
    // ezetimibe with simvastatin carries Zocor's limits (Vytorin); the strength pair does not say the dose
    const combo = pairOf('ezetimibe/simvastatin 10/40', 'amiodarone');
    expect(combo.severity).toBe('major');
    expect(combo.management).toMatch(/simvastatin dose was not given/);
    // amlodipine with atorvastatin is not a listed companion: amlodipine's own pairs are not the statin's limit
    expect(pairOf('amlodipine/atorvastatin', 'clarithromycin').management ?? '').not.toMatch(/Label dose limit/);
    // a partner the limit does not list: no limit (simvastatin + fluconazole is not a dose limit in the labels)
    expect(pairOf('simvastatin 20mg', 'fluconazole').management ?? '').not.toMatch(/Label dose limit/);
  });

  it('the data: not given and above are at least major; the class rules with the same limit agree with it', () => {
    const base = DOSE_LIMITS[0]!;
    const bad = (levels: object) =>
      DoseLimitsFile.safeParse({ about: 'x', limits: [{ ...base, levels: { ...base.levels, ...levels } }] }).success;
    expect(bad({ above: 'moderate' })).toBe(false);
    expect(bad({ not_given: 'minor' })).toBe(false);
    expect(bad({})).toBe(true);
    const rules = db
      .prepare<[], { data: string }>('SELECT data FROM ix_rules')
      .all()
      .map((r) => JSON.parse(r.data) as StoredRule);
    let compared = 0;
    for (const l of DOSE_LIMITS) {
      for (const r of rules) {
        if (r.when?.dose_mg_above === undefined || r.when.on !== 'a' || !r.a.keys.includes(l.drug)) continue;
        const shared = l.partners.filter((p) => r.b.keys.includes(p));
        if (!shared.length) continue;
        compared++;
        expect(r.when.dose_mg_above * l.doses_per_day, `${l.id} / ${r.id}`).toBe(l.max_mg_per_day);
        expect(r.when.otherwise.severity, `${l.id} / ${r.id}`).toBe(l.levels.within);
        expect(r.severity, `${l.id} / ${r.id}`).toBe(l.levels.above);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(7);
  });
});
