/**
 * The interaction checker over HTTP against a table of pairs and the minimum severity their FDA labels support
 * (test/fixtures/interactions-label-table.json, written from the labels, not from our output). Each pair must come back
 * at that severity or a more severe one, and name both substances.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_SEVERITIES } from '../../src/shared/enums.ts';
import { REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

type Severity = (typeof INTERACTION_SEVERITIES)[number];
const table = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/interactions-label-table.json'), 'utf8')) as {
  pairs: { a: string; b: string; min: Severity; basis: string }[];
};
const rank = (s: string) => (INTERACTION_SEVERITIES as readonly string[]).indexOf(s);

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['tools']);
});
afterAll(async () => {
  await t.close();
});

describe('interaction checker: label table', () => {
  it('holds at least 100 pairs, every one with a label basis', () => {
    expect(table.pairs.length).toBeGreaterThanOrEqual(100);
    for (const p of table.pairs) expect(p.basis.length, `${p.a} + ${p.b}`).toBeGreaterThan(5);
  });

  it.each(table.pairs.map((p) => [`${p.a} + ${p.b}`, p] as const))(
    '%s is at least as severe as its label says',
    async (_, p) => {
      const res = await t.http
        .post('/v1/tools/interactions/check')
        .set('X-API-Key', key)
        .send({ substances: [p.a, p.b] });
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.unresolved).toEqual([]);
      expect(d.pairs).toHaveLength(1);
      expect(
        rank(d.highest_severity),
        `${p.a} + ${p.b}: ${d.highest_severity}, label ${p.min} (${p.basis})`,
      ).toBeLessThanOrEqual(rank(p.min));
      expect(d.highest_severity).toBe(d.pairs[0].severity);
    },
  );
});
