/** Local use caps a pair's level in the one verdict (local-use.ts), on the built content database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../../../test/helpers/tool-support.ts';
import { checkInteractions } from './check.ts';
import { localUseCap } from './local-use.ts';
import { SEVERITY_RANK } from './rules.ts';

let db: Db;
beforeAll(() => {
  db = openContentDb(CONTENT_DB);
});
afterAll(() => db.close());

const levelOf = (a: string, b: string) => checkInteractions(db, [a, b]).pairs[0]?.severity ?? 'none';

describe('local use', () => {
  it('caps eye, ear and scalp use at minor and skin use at moderate, with the reason in the management text', () => {
    expect(localUseCap('x', ['ketoconazole'], { route: 'topical', form: 'shampoo' })?.severity).toBe('minor');
    expect(localUseCap('x', ['ketorolac'], { route: 'ophthalmic', form: 'eye drops' })?.severity).toBe('minor');
    expect(localUseCap('x', ['diclofenac'], { route: 'topical', form: 'topical' })?.severity).toBe('moderate');
    expect(localUseCap('x', ['diclofenac'], { route: 'oral' })).toBeNull();
    const shampoo = checkInteractions(db, ['ketoconazole 2% shampoo', 'simvastatin 40 mg']);
    expect(shampoo.pairs[0]!.severity).toBe('minor');
    expect(shampoo.pairs[0]!.management).toMatch(/little of it into the blood/);
  });

  it('never caps without a local product form, or with a route that does not fit the form', () => {
    // a route word alone ("ophthalmic", "apply") does not say what product it is
    expect(localUseCap('x', ['ketorolac'], { route: 'ophthalmic' })).toBeNull();
    expect(localUseCap('x', ['diclofenac'], { route: 'topical' })).toBeNull();
    // "oral gel" reads as a gel taken by mouth: swallowed, systemic
    expect(localUseCap('x', ['miconazole'], { route: 'oral', form: 'topical' })).toBeNull();
    // "rectal ointment" (glyceryl trinitrate for fissures) and "transdermal gel" (estradiol) reach the blood
    expect(localUseCap('x', ['diclofenac'], { route: 'rectal', form: 'topical' })).toBeNull();
    expect(localUseCap('x', ['diclofenac'], { route: 'transdermal', form: 'topical' })).toBeNull();
  });

  it('never caps nasal, patch or vaginal-ring use: they are systemic', () => {
    expect(localUseCap('x', ['fentanyl'], { route: 'nasal', form: 'nasal spray' })).toBeNull();
    expect(localUseCap('x', ['xylometazoline'], { route: 'nasal', form: 'nasal spray' })).toBeNull();
    expect(
      localUseCap('x', ['ethinylestradiol', 'etonogestrel'], { route: 'vaginal', form: 'vaginal ring' }),
    ).toBeNull();
    expect(levelOf('fentanyl nasal spray', 'clarithromycin 500 mg')).toBe('major');
    expect(levelOf('midazolam nasal spray', 'clarithromycin 500 mg')).toBe('major');
    expect(levelOf('sumatriptan nasal spray', 'phenelzine')).toBe('contraindicated');
    expect(levelOf('dihydroergotamine nasal spray', 'clarithromycin')).toBe('contraindicated');
    expect(levelOf('fluticasone nasal spray', 'ritonavir')).toBe('major');
    expect(levelOf('ethinylestradiol/etonogestrel vaginal ring', 'rifampicin 600 mg')).toBe('major');
    expect(levelOf('fentanyl patch', 'clarithromycin')).toBe('major');
  });

  it("leaves systemic use, and ingredients whose local use is systemic, at the sources' level", () => {
    expect(levelOf('ketoconazole 200 mg tablets', 'simvastatin 40 mg')).toBe('contraindicated');
    expect(localUseCap('x', ['timolol'], { route: 'ophthalmic', form: 'eye drops' })).toBeNull();
    expect(['contraindicated', 'major']).toContain(levelOf('diclofenac 50 mg tablets', 'lithium'));
    expect(levelOf('timolol eye drops', 'verapamil 80 mg')).toBe('major');
    // the labels: brimonidine and phenylephrine eye drops with MAO inhibitors; GTN ointment with PDE5 inhibitors;
    // fluorouracil cream with brivudine
    expect(
      SEVERITY_RANK[levelOf('brimonidine eye drops', 'phenelzine') as keyof typeof SEVERITY_RANK],
    ).toBeLessThanOrEqual(SEVERITY_RANK.major);
    expect(levelOf('phenylephrine eye drops', 'phenelzine')).toBe('contraindicated');
    expect(levelOf('glyceryl trinitrate ointment', 'sildenafil 50 mg')).toBe('contraindicated');
    expect(levelOf('fluorouracil cream', 'brivudine')).toBe('contraindicated');
    expect(levelOf('testosterone gel', 'warfarin')).toBe('major');
  });

  it('never caps a partner exception: vaginal or oral-gel miconazole with a coumarin (cream on the skin: moderate)', () => {
    for (const line of ['miconazole oral gel', 'miconazole pessary', 'miconazole vaginal cream']) {
      expect(levelOf(line, 'warfarin 5 mg'), line).toBe('major');
    }
    expect(levelOf('miconazole 2% cream', 'warfarin 5 mg')).toBe('moderate');
    expect(
      localUseCap(
        'x',
        ['miconazole'],
        { route: 'vaginal', form: 'pessary' },
        { keys: ['simvastatin'], classes: ['statin'] },
      )?.severity,
    ).toBe('moderate');
    expect(
      localUseCap('x', ['miconazole'], { route: 'vaginal', form: 'pessary' }, { keys: ['warfarin'], classes: ['vka'] }),
    ).toBeNull();
  });
});
