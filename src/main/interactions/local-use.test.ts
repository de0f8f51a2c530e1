/** Local use caps a pair's level in the one verdict (local-use.ts), on the built content database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../../../test/helpers/tool-support.ts';
import { checkInteractions } from './check.ts';
import { localUseCap } from './local-use.ts';
import { SEVERITY_RANK } from './rules.ts';

let db: Db;
beforeAll(() => { db = openContentDb(CONTENT_DB); });
afterAll(() => db.close());

const levelOf = (a: string, b: string) => checkInteractions(db, [a, b]).pairs[0]?.severity ?? 'none';

describe('local use', () => {
  it('caps eye, ear and scalp use at minor and skin use at moderate, with the reason in the management text', () => {
    expect(localUseCap('x', ['ketoconazole'], { route: 'topical', form: 'shampoo' })?.severity).toBe('minor');
    expect(localUseCap('x', ['ketorolac'], { route: 'ophthalmic' })?.severity).toBe('minor');
    expect(localUseCap('x', ['diclofenac'], { route: 'topical' })?.severity).toBe('moderate');
    expect(localUseCap('x', ['diclofenac'], { route: 'oral' })).toBeNull();
    const shampoo = checkInteractions(db, ['ketoconazole 2% shampoo', 'simvastatin 40 mg']);
    expect(SEVERITY_RANK[shampoo.pairs[0]!.severity]).toBeGreaterThanOrEqual(SEVERITY_RANK.minor);
    expect(shampoo.pairs[0]!.management).toMatch(/little of it into the blood/);
  });

  it('leaves systemic use, and eye-drop beta-blockers, at the sources\' level', () => {
    expect(levelOf('ketoconazole 200 mg tablets', 'simvastatin 40 mg')).toBe('contraindicated');
    expect(localUseCap('x', ['timolol'], { route: 'ophthalmic' })).toBeNull();
    expect(['contraindicated', 'major']).toContain(levelOf('diclofenac 50 mg tablets', 'lithium'));
  });
});
