import { describe, expect, it } from 'vitest';
import { baseKey, canonicalKey, type KeyMaps } from './keys.ts';

describe('ingredient keys', () => {
  it('drop salt, ester, hydrate and release words, and parentheticals, but keep nitrates apart', () => {
    expect(baseKey('Lithium carbonate')).toBe('lithium');
    expect(baseKey('LITHIUM CARBONATE ER')).toBe('lithium');
    expect(baseKey('Atorvastatin calcium trihydrate')).toBe('atorvastatin');
    expect(baseKey('Potassium chloride')).toBe('potassium');
    expect(baseKey('Ferrous sulfate anhydrous')).toBe('ferrous');
    expect(baseKey('Testosterone cypionate')).toBe('testosterone');
    expect(baseKey('Benzylpenicillin (potassium)')).toBe('benzylpenicillin');
    expect(baseKey('Sodium valproate')).toBe('valproate');
    expect(baseKey('Sodium bicarbonate')).toBe('sodium');
    expect(baseKey('Isosorbide mononitrate')).toBe('isosorbidemononitrate');
    expect(baseKey('Isosorbide dinitrate')).not.toBe(baseKey('Isosorbide mononitrate'));
    // a lone salt word is the moiety itself
    expect(baseKey('potassium')).toBe('potassium');
  });

  it('map through aliases first, then unambiguous DrugBank synonyms, to the common name', () => {
    const maps: KeyMaps = {
      aliases: new Map([
        ['paracetamol', 'acetaminophen'],
        ['ferrous', 'iron'],
      ]),
      drugbank: new Map([
        ['rifampin', 'Rifampicin'],
        ['aspirin', 'Acetylsalicylic acid'],
      ]),
    };
    expect(canonicalKey('Paracetamol', maps)).toBe('acetaminophen');
    expect(canonicalKey('RIFAMPIN', maps)).toBe('rifampicin');
    expect(canonicalKey('Aspirin', maps)).toBe('acetylsalicylicacid');
    expect(canonicalKey('Ferrous sulfate', maps)).toBe('iron');
    expect(canonicalKey('Warfarin sodium', maps)).toBe('warfarin');
    // a cycle in the maps ends instead of looping
    expect(
      canonicalKey('a', {
        aliases: new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
        drugbank: new Map(),
      }),
    ).toMatch(/^[ab]$/);
  });
});
