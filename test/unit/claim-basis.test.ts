import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../src/build/steps/curated.ts';
import { MonographSource } from '../../src/build/source-schema.ts';
import { CONTENT_DIR } from '../../src/build/paths.ts';
import { applyCorrections, withClaimBasis, type MapLine } from '../../src/build/merge-claim-basis.ts';

const metformin = JSON.parse(readFileSync(join(CONTENT_DIR, 'monographs/metformin.json'), 'utf8')) as Record<
  string,
  unknown
>;
const dir = mkdtempSync(join(tmpdir(), 'claim-basis-'));

/** Writes metformin with another claim_basis and parses it as the content build does. */
function build(claimBasis: unknown): () => unknown {
  const file = join(dir, 'metformin.json');
  const { claim_basis: _, ...rest } = metformin;
  writeFileSync(file, JSON.stringify(claimBasis === undefined ? rest : { ...rest, claim_basis: claimBasis }));
  return () => parseFile(file, MonographSource);
}

describe('claim_basis in a monograph source file', () => {
  it('is optional, and accepted when it fits the claims and the basis', () => {
    expect(build(undefined)).not.toThrow();
    expect(build({ clinical_outcomes: [[1], [3], [2, 4]], indications: [[1, 2], [], [1]] })).not.toThrow();
  });

  it.each([
    [
      'an outcome missing',
      { clinical_outcomes: [[1], [3]], indications: [[1], [1], [1]] },
      'claim_basis.clinical_outcomes',
      '2 entries for 3 clinical outcomes',
    ],
    [
      'an indication too many',
      { clinical_outcomes: [[1], [3], [4]], indications: [[1], [1], [1], [1]] },
      'claim_basis.indications',
      '4 entries for 3 indications',
    ],
    [
      'a number beyond the basis',
      { clinical_outcomes: [[1], [5], [4]], indications: [[1], [1], [1]] },
      'claim_basis.clinical_outcomes[1][0]',
      'basis entry 5 does not exist (the basis lists 4)',
    ],
    [
      'a zero (numbers count from 1)',
      { clinical_outcomes: [[0], [3], [4]], indications: [[1], [1], [1]] },
      'claim_basis.clinical_outcomes[0][0]',
      'expected number to be >=1',
    ],
    [
      'a source listed twice',
      { clinical_outcomes: [[1], [3, 3], [4]], indications: [[1], [1], [1]] },
      'claim_basis.clinical_outcomes[1]',
      'a basis entry is listed twice',
    ],
    [
      'an unknown section',
      { clinical_outcomes: [[1], [3], [4]], indications: [[1], [1], [1]], dosing: [[1]] },
      'claim_basis',
      '"dosing"',
    ],
  ])('fails the build naming the file and the field: %s', (_name, claimBasis, field, message) => {
    const parse = build(claimBasis);
    expect(parse).toThrow(/metformin\.json is not valid/);
    expect(parse).toThrow(`→ at ${field}\n`.trimEnd());
    expect(parse).toThrow(message);
  });
});

describe('merge-claim-basis: writing a map into a source file', () => {
  const text = readFileSync(join(CONTENT_DIR, 'monographs/metformin.json'), 'utf8');
  const { claim_basis: _, ...rest } = metformin;
  const unmapped = `${JSON.stringify(rest, null, 2)}`; // no trailing newline, as some files are
  const claims = { clinical_outcomes: [[1], [3], [2, 4]], indications: [[1, 2], [], [1]] };

  it('adds claim_basis as the last field on one line and leaves every other line as it was', () => {
    const out = withClaimBasis(unmapped, claims);
    expect(
      out.endsWith(
        '\n  "claim_basis": { "clinical_outcomes": [[1], [3], [2, 4]], "indications": [[1, 2], [], [1]] }\n}\n',
      ),
    ).toBe(true);
    expect(out.split('\n').slice(0, -3)).toEqual(
      unmapped
        .split('\n')
        .slice(0, -1)
        .map((l, i, a) => (i === a.length - 1 ? `${l},` : l)),
    );
    expect(JSON.parse(out)).toEqual({ ...rest, claim_basis: claims });
  });

  it('replaces a claim_basis it wrote before, changing nothing else', () => {
    const out = withClaimBasis(text, claims);
    expect(out.split('\n').filter((l) => !l.includes('"claim_basis"'))).toEqual(
      text.split('\n').filter((l) => !l.includes('"claim_basis"')),
    );
    expect(withClaimBasis(out, claims)).toBe(out);
  });

  it('refuses a claim_basis written by hand in another layout', () => {
    const byHand = JSON.stringify({ ...rest, claim_basis: claims }, null, 2);
    expect(() => withClaimBasis(byHand, claims)).toThrow(/another layout/);
  });
});

describe("merge-claim-basis: corrections on top of the editors' maps", () => {
  const map = (): MapLine => ({
    slug: 'metformin',
    clinical_outcomes: [[1], [], [4]],
    indications: [[1, 2], [2, 3], []],
    flags: [],
  });
  const fix = { slug: 'metformin', section: 'clinical_outcomes' as const, item: 2, from: [], to: [3], reason: 'DPP' };

  it("replaces the claim's list when the map still says what the correction was written against", () => {
    const lines = [map()];
    const problems: string[] = [];
    applyCorrections(lines, [fix], problems);
    expect(problems).toEqual([]);
    expect(lines[0]!.clinical_outcomes).toEqual([[1], [3], [4]]);
  });

  it('refuses a correction the map has moved past, or one for a claim that does not exist', () => {
    const lines = [map()];
    lines[0]!.clinical_outcomes[1] = [2];
    const problems: string[] = [];
    applyCorrections(lines, [fix, { ...fix, item: 9 }, { ...fix, slug: 'aspirin' }], problems);
    expect(problems).toEqual([
      'correction metformin clinical_outcomes 2: the map now says [2], not []',
      'correction metformin clinical_outcomes 9: no such claim in the maps',
      'correction aspirin clinical_outcomes 2: no such claim in the maps',
    ]);
    expect(lines[0]!.clinical_outcomes[1]).toEqual([2]);
  });
});
