/** POST /v1/tools/interactions/check over HTTP: the cases, the response contract and bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InteractionsData } from '../../src/shared/schemas/tools/interactions.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['tools']);
});
afterAll(async () => {
  await t.close();
});

const check = (substances: unknown) =>
  t.http.post('/v1/tools/interactions/check').set('X-API-Key', key).send({ substances });

describe('interaction checker over HTTP', () => {
  it("the issue's five substances: each pair once, 4 distinct major pairs among them, each source at its own level", async () => {
    const res = await check(['sertraline', "St John's wort", 'tramadol', 'warfarin', 'ibuprofen']);
    expect(res.status).toBe(200);
    const d = InteractionsData.parse(res.body.data);
    const names = d.pairs.map((p) => [p.a.input, p.b.input].sort().join(' + '));
    expect(new Set(names).size).toBe(names.length);
    const major = d.pairs.filter((p) => p.severity === 'major').map((p) => [p.a.input, p.b.input].sort().join(' + '));
    for (const pair of [
      "St John's wort + sertraline",
      'ibuprofen + warfarin',
      'sertraline + tramadol',
      "St John's wort + tramadol",
    ])
      expect(major).toContain(pair);
    expect(d.counts.major).toBe(major.length);
    const wi = d.pairs.find((p) => [p.a.input, p.b.input].sort().join(' + ') === 'ibuprofen + warfarin')!;
    expect(wi.sources.filter((s) => s.source === 'ddinter')).toEqual([
      expect.objectContaining({ severity: 'major', level: 'Major' }),
    ]);
  });

  it("the issue's misses are found: brands, salts, class words, typos", async () => {
    const cases: [string[], string][] = [
      [['tadalafil', 'isosorbide mononitrate'], 'contraindicated'],
      [['ciprofloxacin', 'tizanidine'], 'contraindicated'],
      [['digoxin', 'amiodarone'], 'major'],
      [["St John's wort", 'oral contraceptives'], 'major'],
      [['potassium', 'spironolactone'], 'major'],
      [['lithium', 'ibuprofen'], 'major'],
      [['clarithromycin', 'simvastatin'], 'contraindicated'],
      [['sildenafil', 'nitroglycerin'], 'contraindicated'],
      [['Ultram', 'sertraline'], 'major'],
      [['Bactrim', 'methotrexate'], 'major'],
      [['Imdur', 'Viagra'], 'contraindicated'],
      [['warfarinn', 'aspirin'], 'major'],
    ];
    for (const [subs, sev] of cases) {
      const d = (await check(subs)).body.data;
      expect(d.highest_severity, subs.join(' + ')).toBe(sev);
      expect(d.unresolved, subs.join(' + ')).toEqual([]);
    }
    const typo = (await check(['warfarinn', 'aspirin'])).body.data;
    expect(typo.substances[0]).toMatchObject({ matched_via: 'typo', name: 'Warfarin' });
    expect(typo.substances[0].notice).toMatch(/warfarinn/);
    // a Drugs@FDA brand of a drug we carry no record for (Zanaflex), and one our record lists (Ultram)
    const brand = (await check(['Zanaflex', 'Cipro'])).body.data;
    expect(brand.substances[0]).toMatchObject({
      status: 'resolved',
      ingredients: [{ key: 'tizanidine', name: 'Tizanidine' }],
    });
    expect(['brand', 'alt_name']).toContain(brand.substances[0].matched_via);
    const ultram = (await check(['Ultram', 'sertraline'])).body.data;
    expect(ultram.substances[0].ingredients).toEqual([{ key: 'tramadol', name: 'Tramadol' }]);
  });

  it('an unresolved name is never "none": at least unknown, named, with coverage', async () => {
    const d = (await check(['glycine', 'florbnaxil'])).body.data;
    expect(d.highest_severity).toBe('unknown');
    expect(d.unresolved.map((u: { input: string }) => u.input)).toEqual(['florbnaxil']);
    expect(d.coverage.unresolved).toEqual(['florbnaxil']);
    expect(d.coverage.statement).toMatch(/florbnaxil/);
    expect(d.coverage.sources[0]).toMatchObject({ id: 'ddinter' });
    expect(d.coverage.sources[0].lacks).toMatch(/C, G, J, M, N and S/);
  });

  it('a drug our sources barely list is named first: its "none" is not reassurance (blind round 8)', async () => {
    // vonoprazan and agomelatine have no DDInter, ONC or label-sentence pairs; paracetamol and omeprazole have many
    const d = InteractionsData.parse((await check(['vonoprazan 20 mg', 'paracetamol'])).body.data);
    expect(d.highest_severity).toBe('none');
    expect(d.coverage.little_coverage).toEqual([expect.stringMatching(/vonoprazan/i)]);
    expect(d.coverage.statement).toMatch(/^Our sources hold few or no interactions for vonoprazan/i);
    expect(d.coverage.statement).toMatch(/not proof of safety/);
    const agomelatine = InteractionsData.parse((await check(['Valdoxan', 'omeprazole'])).body.data);
    expect(agomelatine.coverage.little_coverage).toEqual([expect.stringMatching(/agomelatine/i)]);
    const covered = InteractionsData.parse((await check(['omeprazole', 'paracetamol'])).body.data);
    expect(covered.coverage.little_coverage).toEqual([]);
    expect(covered.coverage.statement).toMatch(/^Absence of a listed interaction/);
  });

  it('a label dose limit reads the dose from the line and says which limit applied (issue 25)', async () => {
    const pairOf = async (substances: string[]) => {
      const res = await check(substances);
      expect(res.status).toBe(200);
      return InteractionsData.parse(res.body.data).pairs[0]!;
    };
    // the ONC high-priority list says contraindicated whatever the dose; the Zocor label caps simvastatin at 20 mg
    const above = await pairOf(['simvastatin 40mg', 'amiodarone']);
    expect(above.severity).toBe('major');
    expect(above.sources.map((x) => x.source)).toContain('onc_high_priority');
    expect(above.management).toMatch(/Label dose limit \(Zocor \(simvastatin\) US label, 2\.3\)/);
    expect(above.management).toMatch(/40 mg a day, is above the limit/);
    expect((await pairOf(['simvastatin 20mg nocte', 'amiodarone'])).severity).toBe('moderate');
    expect((await pairOf(['simvastatin', 'amiodarone'])).severity).toBe('major');
    // no source lists ranolazine + diltiazem; the Ranexa label limits ranolazine to 500 mg twice a day
    const ran = await pairOf(['Ranexa 1000mg BD', 'diltiazem 120mg']);
    expect(ran.severity).toBe('major');
    expect(ran.management).toMatch(/500 mg twice a day.*2000 mg a day, is above/);
  });

  it('bad input keeps its clear 400s naming the field', async () => {
    for (const [body, field] of [
      [[], 'substances'],
      [Array.from({ length: 31 }, (_, i) => `drug${i}`), 'substances'],
      [['aspirin', 'x'.repeat(257)], 'substances.1'],
    ] as const) {
      const res = await check(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.details.map((x: { field: string }) => x.field)).toContain(field);
    }
  });
});
