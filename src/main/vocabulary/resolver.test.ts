/** The resolver on the built content database: names as people write them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../../../test/helpers/tool-support.ts';
import { mayResolveExactly, resolveName, suggestions } from './resolver.ts';

let db: Db;
beforeAll(() => {
  db = openContentDb(CONTENT_DB);
});
afterAll(() => db.close());

const keys = (name: string) => resolveName(db, name).keys;

describe('resolver', () => {
  it('mayResolveExactly is never false for a name an exact look-up resolves (search skips the look-up when it is)', () => {
    const names = db
      .prepare<[], { name: string }>(
        'SELECT name FROM (SELECT name, row_number() OVER (ORDER BY name_norm, key) AS i FROM ix_names) WHERE i % 7 = 0 UNION ALL SELECT name FROM compounds UNION ALL SELECT slug FROM compounds',
      )
      .all()
      .map((r) => r.name);
    const other = [
      'Lithium carbonate',
      'sertraline hydrochloride',
      'ferrous sulfate',
      'Ultram',
      'ACE inhibitors',
      'statins',
      'blood thinner',
      'magnesium citrate',
      'patients with fractures',
      'randomised trial',
      'vitamin d deficiency',
      'zzzz',
      'heart attack',
    ];
    let resolved = 0;
    for (const n of [...names, ...other]) {
      const exactly = resolveName(db, n, { typos: false }).status === 'resolved';
      if (exactly) {
        resolved++;
        expect(mayResolveExactly(db, n), n).toBe(true);
      }
    }
    expect(resolved).toBeGreaterThan(5000);
    expect(mayResolveExactly(db, 'patients with fractures')).toBe(false);
    expect(mayResolveExactly(db, 'randomised trial')).toBe(false);
  });

  it('brands from Drugs@FDA reach their ingredients, combinations all of them', () => {
    expect(resolveName(db, 'Ultram')).toMatchObject({ status: 'resolved', keys: ['tramadol'] });
    expect(keys('Bactrim').sort()).toEqual(['sulfamethoxazole', 'trimethoprim']);
    expect(keys('Imdur')).toEqual(['isosorbidemononitrate']);
    expect(keys('Zanaflex')).toEqual(['tizanidine']);
  });

  it('salts and bases meet: lithium, potassium, iron', () => {
    expect(keys('lithium')).toEqual(['lithium']);
    expect(keys('Lithium carbonate')).toEqual(['lithium']);
    expect(keys('Lithobid')).toEqual(['lithium']);
    expect(keys('potassium')).toEqual(['potassium']);
    expect(keys('K-Dur')).toEqual(['potassium']);
    expect(keys('iron')).toEqual(['iron']);
    expect(keys('ferrous sulfate')).toEqual(['iron']);
  });

  it('INN and USAN spellings are one substance', () => {
    for (const [x, y] of [
      ['paracetamol', 'acetaminophen'],
      ['rifampin', 'rifampicin'],
      ['glibenclamide', 'glyburide'],
      ['ciclosporin', 'cyclosporine'],
      ['salbutamol', 'albuterol'],
      ['pethidine', 'meperidine'],
      ['aspirin', 'acetylsalicylic acid'],
    ] as const) {
      expect(keys(x), x).toEqual(keys(y));
      expect(keys(x).length, x).toBe(1);
    }
  });

  it('class words and foods resolve to a class with its members', () => {
    for (const [word, id] of [
      ['oral contraceptives', 'hormonal_contraceptive'],
      ['birth control pill', 'hormonal_contraceptive'],
      ['statins', 'statin'],
      ['NSAIDs', 'nsaid'],
      ['SSRIs', 'ssri'],
      ['insulin', 'insulin'],
      ['blood thinners', 'anticoagulant'],
      ['grapefruit juice', 'grapefruit'],
      ['alcohol', 'alcohol'],
    ] as const) {
      const s = resolveName(db, word);
      expect(s, word).toMatchObject({ kind: 'class', classId: id, matchedVia: 'class' });
      expect(s.keys.length, word).toBeGreaterThan(0);
      expect(s.notice, word).toContain('checked as the class');
    }
    expect(keys('statins')).toContain('simvastatin');
    expect(keys('oral contraceptives')).toContain('ethinylestradiol');
    expect(keys('insulin').every((k) => k.startsWith('insulin'))).toBe(true);
    expect(keys('insulin')).not.toContain('insulinlikegrowthfactorii');
  });

  it('typos within 1–2 edits resolve with a notice; shorter words and nonsense do not', () => {
    const w = resolveName(db, 'warfarinn');
    expect(w).toMatchObject({ status: 'resolved', matchedVia: 'typo', keys: ['warfarin'] });
    expect(w.notice).toMatch(/1 letter different/);
    expect(resolveName(db, 'sertralline')).toMatchObject({ matchedVia: 'typo', keys: ['sertraline'] });
    expect(resolveName(db, 'cipro floxacin').keys).toEqual(['ciprofloxacin']);
    expect(resolveName(db, 'zinq').status).toBe('unresolved');
    expect(resolveName(db, 'qqzzxxyy')).toMatchObject({ status: 'unresolved', keys: [], kind: null });
    expect(resolveName(db, 'warfarinn', { typos: false }).status).toBe('unresolved');
  });

  it('substances need not be in our catalogue (tizanidine, ramelteon are checked by their keys)', () => {
    for (const n of ['ramelteon', 'dofetilide', 'phenelzine'])
      expect(resolveName(db, n), n).toMatchObject({ status: 'resolved', keys: [n] });
  });

  it('suggests one name per substance for unresolved input', () => {
    const s = suggestions(db, 'amiodar');
    expect(s[0]).toMatchObject({ name: 'Amiodarone', match: 'prefix' });
    expect(new Set(s.map((x) => x.name)).size).toBe(s.length);
    expect(suggestions(db, 'qqzzxxyy')).toEqual([]);
  });

  it('reads a sodium or potassium salt whose anion is indexed by name, and keeps other cations (round 7 class)', () => {
    expect(resolveName(db, 'sodium cromoglicate', { typos: false }).keys).toEqual(
      resolveName(db, 'cromoglicic acid', { typos: false }).keys,
    );
    expect(resolveName(db, 'sodium clodronate', { typos: false }).keys).toEqual(['clodronicacid']);
    expect(resolveName(db, 'magnesium alginate', { typos: false }).status).toBe('unresolved');
  });
});
