import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InteractionsRequest } from '../../../shared/schemas/tools/interactions.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../test-support.ts';
import {
  checkInteractions, classMention, classesOf, findDuplicates, highestSeverity, linkableNames, pairKey, SEVERITY_RANK, type SubstanceInfo,
} from './compute.ts';
import { interactionsTool, resolveSubstance } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => { ({ content, ctx } = openToolContext()); });
afterAll(() => content.close());

const run = (body: unknown) => runTool(interactionsTool, ctx, body);
const fields = (body: unknown) => rejectedFields(InteractionsRequest, body);

describe('interactions: reference pairs from the data', () => {
  it('warfarin + aspirin is major: DDInter lists Warfarin–Acetylsalicylic acid as Major', () => {
    // The raw DDInter row (ids DDInter1951 Warfarin, DDInter20 Acetylsalicylic acid; stored a < b as strings).
    const raw = content.prepare(`SELECT p.level FROM ddinter_pairs p JOIN ddinter_drugs a ON a.id = p.a JOIN ddinter_drugs b ON b.id = p.b
      WHERE (a.name = 'Warfarin' AND b.name = 'Acetylsalicylic acid') OR (b.name = 'Warfarin' AND a.name = 'Acetylsalicylic acid')`).get() as { level: string };
    expect(raw.level).toBe('Major');

    const out = run({ substances: ['warfarin', 'aspirin'] });
    expect(out.highest_severity).toBe('major');
    expect(out.pairs_checked).toBe(1);
    const dd = out.interactions.find((i) => i.source === 'ddinter')!;
    expect(dd).toMatchObject({ severity: 'major', listed_as: 'Warfarin + Acetylsalicylic acid', record: null });
    expect(dd.notes).toContain('no mechanism or management');
    // The warfarin record's own editorial list names aspirin ("NSAIDs, aspirin and other antiplatelets", major).
    const ed = out.interactions.find((i) => i.source === 'editorial' && i.record === 'warfarin')!;
    expect(ed.severity).toBe('major');
    expect(ed.listed_as.toLowerCase()).toContain('aspirin');
    expect(ed.matched_class).toBeNull();
    expect(out.interpretation).toMatch(/major/);
    expect(out.interpretation).toMatch(/not medical advice/);
    expect(out.method.reference).toContain('DDInter');
  });

  it('a DDInter-only drug is checked too: warfarin + amiodarone is Major in DDInter and in the warfarin record', () => {
    const out = run({ substances: ['Warfarin', 'Amiodarone'] });
    expect(out.substances[1]).toMatchObject({ status: 'ddinter', matched_via: 'ddinter_name', compound: null, ddinter: [{ name: 'Amiodarone' }] });
    expect(out.interactions.map((i) => [i.source, i.severity])).toEqual([['ddinter', 'major'], ['editorial', 'major']]);
  });

  it('editorial-only interactions count (melatonin + fluvoxamine: major in the melatonin record, no DDInter pair)', () => {
    const out = run({ substances: ['melatonin', 'fluvoxamine'] });
    expect(out.interactions).toHaveLength(1);
    expect(out.interactions[0]).toMatchObject({ severity: 'major', source: 'editorial', record: 'melatonin', listed_as: 'Fluvoxamine' });
  });

  it('foods named in editorial lists are found even though they are not compounds (atorvastatin + grapefruit juice)', () => {
    const out = run({ substances: ['atorvastatin', 'grapefruit juice'] });
    expect(out.unmatched.map((u) => u.input)).toEqual(['grapefruit juice']);
    expect(out.interactions).toHaveLength(1);
    expect(out.interactions[0]).toMatchObject({ source: 'editorial', record: 'atorvastatin', severity: 'moderate' });
    expect(out.interpretation).toMatch(/Not recognised: grapefruit juice/);
  });

  it('editorial entries naming a drug class apply to its members (5-HTP record: "SSRIs and SNRIs", major, for sertraline)', () => {
    const out = run({ substances: ['5-HTP', 'sertraline'] });
    const e = out.interactions.find((i) => i.record === '5-htp')!;
    expect(e).toMatchObject({ severity: 'major', source: 'editorial', listed_as: 'SSRIs and SNRIs', matched_class: 'SSRIs' });
    expect(out.highest_severity).toBe('major');
    // ibuprofen is an NSAID: the warfarin record's "NSAIDs, aspirin and other antiplatelets" applies (major), besides DDInter's Major.
    const w = run({ substances: ['warfarin', 'Advil'] });
    expect(w.interactions.filter((i) => i.record === 'warfarin').map((i) => [i.severity, i.matched_class])).toEqual([['major', 'NSAIDs']]);
    expect(w.interactions.find((i) => i.source === 'ddinter')).toMatchObject({ severity: 'major', listed_as: 'Warfarin + Ibuprofen', matched_class: null });
  });

  it('no listed interaction gives highest_severity none and a cautious interpretation', () => {
    const out = run({ substances: ['glycine', 'lutein'] });
    expect(out.interactions).toEqual([]);
    expect(out.highest_severity).toBe('none');
    expect(out.counts).toEqual({ major: 0, moderate: 0, minor: 0, unknown: 0 });
    expect(out.interpretation).toMatch(/not proof of safety/);
  });
});

describe('interactions: resolving names', () => {
  it('brand names and synonyms resolve: Coumadin → warfarin, Tylenol → acetaminophen, ASA → aspirin', () => {
    const out = run({ substances: ['Coumadin', 'Tylenol', 'ASA'] });
    expect(out.substances.map((s) => [s.compound?.slug, s.matched_via])).toEqual([
      ['warfarin', 'alt_name'], ['acetaminophen', 'alt_name'], ['aspirin', 'alt_name'],
    ]);
    expect(out.substances[2]!.ddinter).toEqual([{ id: 'DDInter20', name: 'Acetylsalicylic acid' }]);
    expect(out.highest_severity).toBe('major');
  });

  it('a DrugBank synonym of a DDInter drug we do not carry resolves through its common name (alcohol → Ethanol)', () => {
    const s = resolveSubstance(content, 'alcohol', 'substances.0');
    expect(s).toMatchObject({ status: 'ddinter', matchedVia: 'drugbank_synonym', compound: null });
    expect(s.ddinter.map((d) => d.name)).toEqual(['Ethanol']);
    const out = run({ substances: ['alcohol', 'warfarin'] });
    expect(out.interactions.find((i) => i.source === 'ddinter')).toMatchObject({ severity: 'moderate', listed_as: 'Ethanol + Warfarin' });
  });

  it('slugs, names and case variants resolve to the same record', () => {
    for (const name of ['st-johns-wort', "St John's wort", 'ST JOHNS WORT', 'Hypericum perforatum']) {
      expect(resolveSubstance(content, name, 'x').compound?.slug, name).toBe('st-johns-wort');
    }
  });

  it('an unknown name gets suggestions: typos within 1–2 edits, prefixes; nonsense gets none', () => {
    const out = run({ substances: ['metfromin', 'warf', 'ashwaganda', 'zzqqxxyy'] });
    expect(out.substances.every((s) => s.status === 'unmatched')).toBe(true);
    const sug = Object.fromEntries(out.unmatched.map((u) => [u.input, u.suggestions]));
    expect(sug.metfromin![0]).toEqual({ name: 'Metformin', slug: 'metformin', source: 'compound', match: 'typo', distance: 1 });
    expect(sug.warf![0]).toMatchObject({ name: 'Warfarin', slug: 'warfarin', match: 'prefix', distance: null });
    expect(sug.ashwaganda![0]).toMatchObject({ slug: 'ashwagandha', distance: 1 });
    expect(sug.zzqqxxyy).toEqual([]);
  });

  it('a DDInter drug we do not carry is suggested with slug null (amiodarne → Amiodarone)', () => {
    const out = run({ substances: ['amiodarne', 'warfarin'] });
    expect(out.unmatched[0]!.suggestions[0]).toEqual({ name: 'Amiodarone', slug: null, source: 'ddinter', match: 'typo', distance: 1 });
  });

  it('duplicates are reported and checked once', () => {
    const out = run({ substances: ['warfarin', 'ASA', 'Aspirin', 'acetylsalicylic acid', 'Warfarin'] });
    expect(out.duplicates).toEqual([
      { input: 'Aspirin', same_as: 'ASA' }, { input: 'acetylsalicylic acid', same_as: 'ASA' }, { input: 'Warfarin', same_as: 'warfarin' },
    ]);
    expect(out.substances.map((s) => s.duplicate_of)).toEqual([null, null, 'ASA', 'ASA', 'warfarin']);
    expect(out.pairs_checked).toBe(1);
    expect(out.interactions.filter((i) => i.source === 'ddinter')).toHaveLength(1);
  });

  it('only one distinct substance is a ToolInputError naming substances', () => {
    try {
      run({ substances: ['aspirin', 'ASA', 'Aspirin'] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ToolInputError);
      expect((e as ToolInputError).details[0]!.field).toBe('substances');
    }
  });

  it('a name without letters or digits is a ToolInputError naming its index', () => {
    try {
      run({ substances: ['aspirin', '!!!'] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ToolInputError);
      expect((e as ToolInputError).details).toEqual([{ field: 'substances.1', message: 'must contain letters or digits' }]);
    }
  });
});

describe('interactions: request validation', () => {
  it('needs 2–30 non-empty names and rejects unknown fields', () => {
    expect(fields({ substances: ['aspirin'] })).toEqual(['substances']);
    expect(fields({ substances: Array.from({ length: 31 }, (_, i) => `x${i}`) })).toEqual(['substances']);
    expect(fields({ substances: ['aspirin', '  '] })).toEqual(['substances.1']);
    expect(fields({ substances: ['aspirin', 'x'.repeat(129)] })).toEqual(['substances.1']);
    expect(fields({})).toEqual(['substances']);
    expect(fields({ substances: ['a', 'b'], severity: 'major' })).toEqual(['severity']);
    expect(fields({ substances: ['a', 'b'], save: 'yes' })).toEqual(['save']);
    expect(InteractionsRequest.parse({ substances: [' warfarin ', 'aspirin'] })).toEqual({ substances: ['warfarin', 'aspirin'], save: false });
  });
});

describe('interactions: compute', () => {
  const sub = (input: string, extra: Partial<SubstanceInfo> = {}): SubstanceInfo => ({ input, status: 'unmatched', matchedVia: null, compound: null, ddinter: [], ...extra });

  it('pairKey orders ids as DDInter stores them (a < b as strings)', () => {
    expect(pairKey('DDInter20', 'DDInter1951')).toBe('DDInter1951\0DDInter20');
    expect(pairKey('DDInter1951', 'DDInter20')).toBe('DDInter1951\0DDInter20');
  });

  it('severity ranks major > moderate > minor > unknown', () => {
    expect(SEVERITY_RANK).toEqual({ major: 0, moderate: 1, minor: 2, unknown: 3 });
    expect(highestSeverity([{ severity: 'unknown' }, { severity: 'minor' }])).toBe('minor');
    expect(highestSeverity([{ severity: 'unknown' }])).toBe('unknown');
    expect(highestSeverity([])).toBe('none');
  });

  it('generic, short and ordinary-case three-letter names never match text', () => {
    expect(linkableNames(['Iron', 'Vitamin', 'Gly', 'ASA', 'B6', '123', 'Ferrous sulfate'])).toEqual(['ASA', 'Ferrous sulfate']);
  });

  it('editorial entries match word-bounded, both directions, and DDInter pairs come from the map', () => {
    const a = sub('x', {
      status: 'compound',
      compound: {
        slug: 'x', name: 'Xeno', category: 'supplement', status: 'supplement', evidence_grade: 'B', alt_names: [],
        interactions: [
          { substance: 'Yolanine and other foods', severity: 'moderate', notes: 'n1', source: 'editorial' },
          { substance: 'Yolaninex', severity: 'major', notes: 'not a word match', source: 'editorial' },
          { substance: 'Yolanine', severity: 'major', notes: 'a DDInter copy, skipped', source: 'ddinter' },
        ],
      },
      ddinter: [{ id: 'D1', name: 'Xeno' }],
    });
    const b = sub('yolanine', { status: 'ddinter', ddinter: [{ id: 'D2', name: 'Yolanine' }] });
    const r = checkInteractions([a, b], new Map([[pairKey('D1', 'D2'), 'Minor']]));
    expect(r.interactions.map((i) => [i.source, i.severity, i.notes.slice(0, 2)])).toEqual([['editorial', 'moderate', 'n1'], ['ddinter', 'minor', 'DD']]);
    expect(r.pairsChecked).toBe(1);
  });

  it('drug classes come from any of the names: sertraline is an SSRI and serotonergic, Coumadin (warfarin) an anticoagulant', () => {
    expect(classesOf(sub('Zoloft', { ddinter: [{ id: '1', name: 'Sertraline' }] }))).toEqual(['SSRIs', 'serotonergic drugs']);
    expect(classesOf(sub('Insulin glargine'))).toEqual(['insulin', 'glucose-lowering drugs']);
    expect(classesOf(sub('grapefruit juice'))).toEqual([]);
    expect(classMention('Warfarin, DOACs and antiplatelets', ['antiplatelets', 'NSAIDs'])).toBe('antiplatelets');
    expect(classMention('Opioid antagonists', ['opioids'])).toBeNull();
  });

  it('duplicates: same record, same DDInter drugs, or same normalised text', () => {
    const c = (slug: string) => ({ slug, name: slug, category: 'x', status: 'x', evidence_grade: 'A', alt_names: [], interactions: [] });
    expect(findDuplicates([
      sub('a', { compound: c('a') }), sub('b'), sub('A!', { compound: c('a') }), sub('B'), sub('d1', { ddinter: [{ id: '1', name: 'd' }] }), sub('d2', { ddinter: [{ id: '1', name: 'd' }] }),
    ])).toEqual([null, null, 0, 1, null, 4]);
  });
});
