import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InteractionsRequest, type InteractionsData } from '../../../shared/schemas/tools/interactions.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import { interactionsTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
afterAll(() => content.close());

const run = (body: unknown) => runTool(interactionsTool, ctx, body);
const fields = (body: unknown) => rejectedFields(InteractionsRequest, body);
const pairOf = (out: InteractionsData | Omit<InteractionsData, 'saved_result_id'>, x: string, y: string) =>
  out.pairs.find((p) => (p.a.input === x && p.b.input === y) || (p.a.input === y && p.b.input === x));

describe('interactions tool: one verdict per pair', () => {
  it("the issue's five substances give each pair once: 4 distinct major pairs, not 8 entries", () => {
    const out = run({ substances: ['sertraline', "St John's wort", 'tramadol', 'warfarin', 'ibuprofen'] });
    expect(out.pairs_checked).toBe(10);
    const keys = out.pairs.map((p) => [p.a.input, p.b.input].sort().join('+'));
    expect(new Set(keys).size).toBe(keys.length);
    // warfarin + ibuprofen appears once, major, with DDInter's own level among its sources
    const wi = pairOf(out, 'warfarin', 'ibuprofen')!;
    expect(wi.severity).toBe('major');
    expect(wi.sources.find((s) => s.source === 'ddinter')).toMatchObject({
      severity: 'major',
      level: 'Major',
      listed_as: 'Warfarin + Ibuprofen',
    });
    expect(pairOf(out, 'sertraline', "St John's wort")!.severity).toBe('major');
    expect(pairOf(out, 'sertraline', 'tramadol')!.severity).toBe('major');
    expect(out.counts.major).toBe(out.pairs.filter((p) => p.severity === 'major').length);
    expect(out.highest_severity).toBe('major');
  });

  it('sources that disagree are all listed at their own level, the verdict is the most severe (tadalafil + Imdur)', () => {
    const out = run({ substances: ['tadalafil', 'Imdur'] });
    const p = out.pairs[0]!;
    expect(p.severity).toBe('contraindicated');
    expect(p.sources[0]).toMatchObject({ source: 'class_rule', severity: 'contraindicated', rule: 'pde5-nitrates' });
    expect(p.sources[0]!.basis.join(' ')).toMatch(/Contraindications/);
    // a source at a lower level makes the pair "disagree"
    expect(p.sources_disagree).toBe(
      p.sources.some((s) => s.severity !== 'contraindicated' && s.severity !== 'unknown'),
    );
    expect(p.mechanism).toMatch(/hypotension/);
    expect(p.text_from).toBe('class_rule');
    expect(out.substances[1]).toMatchObject({
      input: 'Imdur',
      status: 'resolved',
      matched_via: expect.stringMatching(/alt_name|brand/),
    });
  });

  it('every response carries coverage naming DDInter\'s missing ATC classes; "none" only when all names resolved', () => {
    const out = run({ substances: ['glycine', 'lutein'] });
    expect(out.pairs).toEqual([]);
    expect(out.highest_severity).toBe('none');
    expect(out.counts).toEqual({ contraindicated: 0, major: 0, moderate: 0, minor: 0, unknown: 0 });
    expect(out.coverage.sources.map((s) => s.id)).toEqual([
      'ddinter',
      'onc_high_priority',
      'onc_non_interruptive',
      'nlm_spl',
      'class_rule',
      'editorial',
    ]);
    expect(out.coverage.sources[0]!.lacks).toMatch(/ATC C, G, J, M, N and S/);
    expect(out.coverage.sources.every((s) => s.records > 0)).toBe(true);
    expect(out.interpretation).toMatch(/not proof of safety/);
  });

  it('an unresolved name makes the answer at least unknown and names it, with suggestions', () => {
    const out = run({ substances: ['warfarin', 'qqzzxxyy'] });
    expect(out.highest_severity).toBe('unknown');
    expect(out.unresolved).toEqual([{ input: 'qqzzxxyy', suggestions: [] }]);
    expect(out.coverage.unresolved).toEqual(['qqzzxxyy']);
    expect(out.interpretation).toMatch(/Not recognised.*qqzzxxyy/);
    const near = run({ substances: ['warfarin', 'amiodar'] });
    expect(near.unresolved[0]!.suggestions[0]).toMatchObject({ name: 'Amiodarone', match: 'prefix' });
  });

  it('a typo within the allowed edits is resolved with a notice ("warfarinn")', () => {
    const out = run({ substances: ['warfarinn', 'aspirin'] });
    expect(out.substances[0]).toMatchObject({ status: 'resolved', matched_via: 'typo', name: 'Warfarin' });
    expect(out.substances[0]!.notice).toMatch(/read as "Warfarin" \(1 letter different\)/);
    expect(out.highest_severity).toBe('major');
    expect(out.interpretation).toMatch(/warfarinn/);
  });

  it('duplicates are reported and checked once', () => {
    const out = run({ substances: ['warfarin', 'ASA', 'Aspirin', 'acetylsalicylic acid', 'Coumadin'] });
    expect(out.duplicates).toEqual([
      { input: 'Aspirin', same_as: 'ASA' },
      { input: 'acetylsalicylic acid', same_as: 'ASA' },
      { input: 'Coumadin', same_as: 'warfarin' },
    ]);
    expect(out.pairs_checked).toBe(1);
    expect(out.pairs).toHaveLength(1);
  });

  it('only one distinct substance, or a name without letters or digits, is a ToolInputError naming the field', () => {
    expect(() => run({ substances: ['aspirin', 'ASA', 'Aspirin'] })).toThrow(ToolInputError);
    try {
      run({ substances: ['aspirin', '!!!'] });
      expect.unreachable();
    } catch (e) {
      expect((e as ToolInputError).details).toEqual([
        { field: 'substances.1', message: 'must contain letters or digits' },
      ]);
    }
  });
});

describe('interactions tool: medication lines as records write them', () => {
  it('a dose, a brand or a frequency never hides a contraindicated pair (simvastatin 40 mg + clarithromycin)', () => {
    const out = run({ list: 'Metformin 500mg BD / Simvastatin 40mg ON / Clarithromycin 500mg BD\nAllergies: NKDA' });
    expect(out.substances.map((s) => s.name)).toEqual(['Metformin', 'Simvastatin', 'Clarithromycin']);
    expect(out.not_medicines).toEqual(['Allergies: NKDA']);
    const simva = out.substances[1]!;
    expect(simva.read_as).toMatchObject({ line: 'resolved', strength: '40 mg', frequency: 'at night' });
    expect(pairOf(out, 'Simvastatin 40mg ON', 'Clarithromycin 500mg BD')!.severity).toBe('contraindicated');
    expect(out.highest_severity).toBe('contraindicated');
  });

  it('each line keeps what it said: strength pairs, eye drops, as-needed', () => {
    const out = run({
      substances: ['timolol 0.5% eye drops BD both eyes', 'Entresto 49/51 mg BD', 'paracetamol 1g QDS PRN'],
    });
    expect(out.substances[0]!.read_as).toMatchObject({
      strength: '0.5%',
      route: 'ophthalmic',
      form: 'eye drops',
      frequency: 'twice a day',
    });
    expect(out.substances[1]!.ingredients.map((i) => i.key).sort()).toEqual(['sacubitril', 'valsartan']);
    expect(out.substances[1]!.read_as!.strength).toBe('49/51 mg');
    expect(out.substances[2]!.read_as).toMatchObject({
      strength: '1 g',
      as_needed: true,
      frequency: 'four times a day, as needed',
    });
  });

  it('an unread line stays unresolved and never lowers the verdict of the rest', () => {
    const out = run({ substances: ['warfarin 5 mg', 'ibuprofen 400mg TDS', 'Qzxvbn 10 mg'] });
    expect(out.highest_severity).toBe('major');
    expect(out.unresolved.map((u) => u.input)).toEqual(['Qzxvbn 10 mg']);
    expect(out.substances[2]!.read_as).toMatchObject({ line: 'unresolved', strength: '10 mg' });
  });

  it('a list with fewer than two medicines is a 4xx naming the list', () => {
    try {
      run({ list: 'aspirin 75 mg OD' });
      expect.unreachable();
    } catch (e) {
      expect((e as ToolInputError).details).toEqual([
        { field: 'list', message: expect.stringMatching(/2–30 lines.*found 1/) },
      ]);
    }
  });
});

describe('interactions tool: request validation', () => {
  it('needs 2–30 names of 1–256 characters (or a list) and rejects unknown fields', () => {
    expect(fields({ substances: [] })).toEqual(['substances']);
    expect(fields({ substances: ['aspirin'] })).toEqual(['substances']);
    expect(fields({ substances: Array.from({ length: 31 }, (_, i) => `x${i}`) })).toEqual(['substances']);
    expect(fields({ substances: ['aspirin', '  '] })).toEqual(['substances.1']);
    expect(fields({ substances: ['aspirin', 'x'.repeat(257)] })).toEqual(['substances.1']);
    expect(fields({ substances: ['a', 'b'], list: 'a\nb' })).toEqual(['list']);
    expect(fields({ list: '' })).toEqual(['list']);
    expect(fields({})).toEqual(['substances']);
    expect(fields({ substances: ['a', 'b'], severity: 'major' })).toEqual(['severity']);
    expect(InteractionsRequest.parse({ substances: [' warfarin ', 'aspirin'] })).toEqual({
      substances: ['warfarin', 'aspirin'],
      save: false,
    });
  });
});
