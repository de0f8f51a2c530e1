import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, EVIDENCE_GRADES } from '../../src/shared/enums.ts';
import { ContentResponse } from '../../src/shared/schemas/system.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/content: the catalogue per category and per grade', () => {
  it('counts every category and grade, and the counts add up to the database', async () => {
    const res = await t.http.get('/v1/content').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(200);
    const data = ContentResponse.parse(res.body).data;
    const c = data.catalogue;
    expect(Object.keys(c.compounds_by_category).sort()).toEqual([...CATEGORIES].sort());
    expect(Object.keys(c.compounds_by_grade).sort()).toEqual([...EVIDENCE_GRADES]);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(c.compounds_by_category)).toBe(data.counts.compounds);
    expect(sum(c.compounds_by_grade)).toBe(data.counts.compounds);
    expect(sum(c.monographs_by_category)).toBe(data.counts.monographs);
    for (const cat of CATEGORIES)
      expect(sum(c.compounds_by_category_and_grade[cat])).toBe(c.compounds_by_category[cat]);

    // The same numbers straight from the content database the app serves.
    {
      const q = (sql: string) => t.contentDb.prepare<[], { n: number }>(sql).get()!.n;
      expect(c.compounds_by_category.sarm).toBe(q("SELECT COUNT(*) n FROM compounds WHERE category = 'sarm'"));
      expect(c.compounds_by_grade.E).toBe(q("SELECT COUNT(*) n FROM compounds WHERE evidence_grade = 'E'"));
      expect(c.compounds_by_category_and_grade.peptide.E).toBe(
        q("SELECT COUNT(*) n FROM compounds WHERE category = 'peptide' AND evidence_grade = 'E'"),
      );
    }
  });
});
