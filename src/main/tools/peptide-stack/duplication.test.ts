import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DUPLICATION_GROUPS, descriptionHead, groupsOf } from './duplication.ts';
import { isVeterinaryOnly, missingOptIn, optInKinds } from './eligibility.ts';

const ids = (classes: string[], category: string | null, description: string | null) =>
  groupsOf({ classes, category, description }).map((g) => g.id);

describe('duplication groups', () => {
  it('every group names a basis, and only class ids the interaction model defines', () => {
    const file = resolve(import.meta.dirname, '../../../../resources/content/interaction-rules.classes.json');
    const known = new Set(
      (JSON.parse(readFileSync(file, 'utf8')) as { classes: { id: string }[] }).classes.map((c) => c.id),
    );
    for (const g of DUPLICATION_GROUPS) {
      expect(g.basis.length, g.id).toBeGreaterThan(40);
      for (const c of g.classes) expect(known.has(c), `${g.id}: ${c}`).toBe(true);
    }
    expect(new Set(DUPLICATION_GROUPS.map((g) => g.id)).size).toBe(DUPLICATION_GROUPS.length);
  });

  it('membership by drug class, by category and by what the description says the compound is', () => {
    expect(ids(['ssri'], 'medication', null)).toEqual(['serotonergic']);
    expect(ids([], 'sarm', 'Non-steroidal oral compound.')).toEqual(['androgen_receptor_agonists']);
    expect(
      ids(
        [],
        'steroid',
        'Potent 19-nor anabolic steroid (estra-4,9,11-triene) approved only as a veterinary growth promoter.',
      ),
    ).toEqual(['androgen_receptor_agonists']);
    expect(
      ids([], 'amino_acid', 'Immediate precursor of serotonin, formed from tryptophan. Sold as a supplement.'),
    ).toEqual(['serotonergic']);
    expect(
      ids([], 'peptide', 'Synthetic pentapeptide ghrelin-receptor (GHS-R1a) agonist developed by Novo Nordisk.'),
    ).toEqual(['ghrelin_receptor_agonists']);
    expect(ids([], 'peptide', 'Long-acting GLP-1 receptor agonist (GLP-1 analogue with a C18 diacid).')).toEqual([
      'glp1_receptor_agonists',
    ]);
    expect(
      ids(
        [],
        'supplement',
        'Rice fermented with Monascus purpureus. Its main active compound, monacolin K, is chemically identical to lovastatin.',
      ),
    ).toEqual(['statins']);
    expect(ids(['magnesium'], 'mineral', 'Magnesium salt of glycine.')).toEqual(['same_mineral_magnesium']);
    expect(
      ids([], 'mineral', 'Magnesium salt of L-threonic acid (a vitamin C metabolite), about 7–8% elemental magnesium.'),
    ).toEqual(['same_mineral_magnesium']);
    expect(
      ids(
        [],
        'supplement',
        'Stems of Ephedra sinica containing ephedrine and pseudoephedrine, sympathomimetic amines.',
      ),
    ).toEqual(['cns_stimulants']);
    expect(
      ids([], 'supplement', 'Seed of the Amazonian vine Paullinia cupana, containing about 2–8 % caffeine.'),
    ).toEqual(['cns_stimulants']);
  });

  it('what a compound is merely converted to, combined with or used against does not count', () => {
    expect(
      ids(
        [],
        'steroid',
        'Adrenal steroid precursor that is converted to androgens and oestrogens in peripheral tissues.',
      ),
    ).toEqual([]);
    expect(ids([], 'medication', 'Cholesterol absorption inhibitor, often used with a statin.')).toEqual([]);
    expect(ids([], 'vitamin', 'Phytonadione, the form of vitamin K used to reverse anticoagulant effects.')).toEqual(
      [],
    );
    expect(ids([], 'supplement', 'Stimulant laxative from senna leaves.')).toEqual([]);
    expect(ids([], 'medication', 'Calcium channel blocker for hypertension.')).toEqual([]);
    expect(ids([], 'supplement', 'Concentrated catechins, chiefly EGCG, often with caffeine.')).toEqual([]);
    expect(
      descriptionHead('Selective serotonin reuptake inhibitor (SSRI) approved in the US for major depression. More.'),
    ).toBe('Selective serotonin reuptake inhibitor (SSRI)');
  });
});

describe('opt-in kinds', () => {
  const rec = (over: Partial<Parameters<typeof isVeterinaryOnly>[0]>) => ({
    category: 'steroid',
    status: 'research_only',
    description: 'A compound.',
    typical_dosing: { unit: 'mg', frequency: 'once daily', duration: 'weeks' },
    ...over,
  });

  it('veterinary-only: the record says its only approval or dose is for animals; never an approved human medicine', () => {
    expect(
      isVeterinaryOnly(
        rec({ description: 'Long-acting ester, marketed only as a veterinary injectable for horses (Equipoise).' }),
      ),
    ).toBe(true);
    expect(
      isVeterinaryOnly(
        rec({
          typical_dosing: {
            unit: 'mg per implant',
            frequency: 'single ear implant in feedlot cattle (veterinary use only)',
            duration: 'one feeding period',
          },
        }),
      ),
    ).toBe(true);
    expect(
      isVeterinaryOnly(
        rec({
          typical_dosing: {
            unit: 'none established',
            frequency: 'There is no approved or studied human dose; it is marketed only for horses',
            duration: 'Not established',
          },
        }),
      ),
    ).toBe(true);
    expect(
      isVeterinaryOnly(
        rec({
          typical_dosing: {
            unit: 'none established',
            frequency: 'No human dose',
            duration: 'x',
            animal_dose_note: 'Veterinary use only, not a human dose: 1 mg/kg in horses',
          },
        }),
      ),
    ).toBe(true);
    // A dose from rodent studies is not a veterinary product.
    expect(
      isVeterinaryOnly(
        rec({
          typical_dosing: {
            unit: 'none established',
            frequency: 'No human dose',
            duration: 'x',
            animal_dose_note: '10 µg/kg in rat studies',
          },
        }),
      ),
    ).toBe(false);
    expect(
      isVeterinaryOnly(
        rec({
          status: 'approved',
          description: 'Anthelmintic approved for humans; also marketed only as a veterinary paste in some forms.',
        }),
      ),
    ).toBe(false);
    expect(
      isVeterinaryOnly(
        rec({ status: 'supplement', description: 'Horse chestnut seed extract standardised to aescin.' }),
      ),
    ).toBe(false);
  });

  it('kinds and the missing opt-ins, each named by its request field', () => {
    const androgen = DUPLICATION_GROUPS.filter((g) => g.id === 'androgen_receptor_agonists');
    const kinds = optInKinds(rec({ description: 'Approved only as a veterinary growth promoter.' }), androgen);
    expect(kinds).toEqual(['research_only', 'veterinary_only', 'anabolic_steroid']);
    const none = {
      include_research_only: false,
      include_veterinary_only: false,
      include_sarms: false,
      include_anabolic_steroids: false,
    };
    expect(missingOptIn(kinds, { ...none, include_research_only: true, include_anabolic_steroids: true })).toEqual({
      kind: 'veterinary_only',
      detail:
        'Research-only (not approved for human use) and veterinary-only (approved or marketed only for animals) and an anabolic-androgenic steroid: ' +
        'left out unless the request sets constraints.include_veterinary_only to true',
    });
    expect(
      missingOptIn(kinds, {
        include_research_only: true,
        include_veterinary_only: true,
        include_sarms: false,
        include_anabolic_steroids: true,
      }),
    ).toBeNull();
    // A corticosteroid or DHEA is a steroid but not an anabolic one.
    expect(optInKinds(rec({ status: 'approved' }), [])).toEqual([]);
    expect(
      optInKinds(
        rec({
          category: 'medication',
          status: 'investigational',
          description: 'Non-steroidal oral SARM from a sponsor.',
        }),
        androgen,
      ),
    ).toEqual(['sarm']);
  });
});
