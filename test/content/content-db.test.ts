import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent } from '../../src/build/build-content.ts';
import { claimBasisProblems } from '../../src/build/claim-basis.ts';
import { toCompoundRecord, type CompoundRow } from '../../src/main/compounds/compound-repo.ts';
import { openContentDb, type Db } from '../../src/main/db/connection.ts';
import { CONTENT_SCHEMA_VERSION } from '../../src/main/db/content-schema.ts';
import { CATEGORIES, EVIDENCE_GRADES } from '../../src/shared/enums.ts';
import { CompoundRecord } from '../../src/shared/schemas/compounds.ts';
import { Monograph } from '../../src/shared/schemas/monographs.ts';
import { CONTENT_DB } from '../helpers/app.ts';

let db: Db;
beforeAll(() => {
  db = openContentDb(CONTENT_DB);
});
afterAll(() => {
  db.close();
});

const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

describe('the built content database', () => {
  it('has at least 300 compounds (15+ per category) covering all five grades, and 120+ monographs in every category', () => {
    const cats = new Map(
      all<{ category: string; n: number }>('SELECT category, COUNT(*) n FROM compounds GROUP BY category').map((r) => [
        r.category,
        r.n,
      ]),
    );
    for (const c of CATEGORIES) expect(cats.get(c) ?? 0, c).toBeGreaterThanOrEqual(15);
    const grades = new Set(all<{ g: string }>('SELECT DISTINCT evidence_grade g FROM compounds').map((r) => r.g));
    expect([...grades].sort()).toEqual([...EVIDENCE_GRADES]);
    expect(all('SELECT slug FROM compounds').length).toBeGreaterThanOrEqual(300);
    expect(all('SELECT slug FROM monographs').length).toBeGreaterThanOrEqual(120);
    // Every category has monographs of the compounds a clinician looks up first.
    const monoCats = new Set(
      all<{ category: string }>('SELECT DISTINCT category FROM monographs').map((r) => r.category),
    );
    expect([...monoCats].sort()).toEqual([...CATEGORIES].sort());
  });

  it('every slug is unique and URL-safe, and every record is valid against the shared schema', () => {
    const rows = all<CompoundRow>(
      'SELECT c.*, (m.slug IS NOT NULL) AS has_monograph FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug',
    );
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      CompoundRecord.parse(toCompoundRecord(r));
    }
    for (const m of all<{ data: string }>('SELECT data FROM monographs')) Monograph.parse(JSON.parse(m.data));
  });

  it('every pubmed_ids entry is the PMID of a document linked to that compound', () => {
    const rows = all<{ rowid: number; slug: string; pubmed_ids: string; research_count: number }>(
      'SELECT rowid, slug, pubmed_ids, research_count FROM compounds',
    );
    let withPmids = 0;
    for (const r of rows) {
      const linked = all<{ pmid: string | null }>(
        'SELECT d.pmid FROM compound_documents cd JOIN documents d ON d.rowid = cd.document_rowid WHERE cd.compound_rowid = ?',
        r.rowid,
      );
      expect(r.research_count).toBe(linked.length);
      const pmids = new Set(linked.map((l) => l.pmid));
      const ids = JSON.parse(r.pubmed_ids) as string[];
      for (const p of ids) expect(pmids.has(p), `${r.slug} ${p}`).toBe(true);
      if (ids.length) withPmids++;
    }
    expect(withPmids).toBeGreaterThan(0);
  });

  it("every monograph's per-claim sources fit its claims and its basis, as served", () => {
    let mapped = 0;
    for (const row of all<{ data: string }>('SELECT data FROM monographs')) {
      const m = Monograph.parse(JSON.parse(row.data));
      if (!m.sources.claims) continue;
      mapped++;
      const claims = {
        basis: m.sources.basis,
        clinical_outcomes: m.clinical_evidence.clinical_outcomes,
        indications: m.indications,
      };
      expect(claimBasisProblems(claims, m.sources.claims), m.slug).toEqual([]);
    }
    expect(mapped).toBeGreaterThan(0);
  });

  it('every related compound of a monograph exists, and a monograph never relates to itself', () => {
    const slugs = new Set(all<{ slug: string }>('SELECT slug FROM compounds').map((r) => r.slug));
    for (const m of all<{ slug: string; data: string }>('SELECT slug, data FROM monographs')) {
      const data = JSON.parse(m.data) as { related_compounds: string[] };
      for (const r of data.related_compounds) expect(slugs.has(r), `${m.slug} → ${r}`).toBe(true);
      expect(data.related_compounds).not.toContain(m.slug);
    }
  });

  it('links documents only where the text names the compound', () => {
    const sample = all<{ title: string; abstract: string | null; matched_name: string }>(
      'SELECT d.title, d.abstract, cd.matched_name FROM compound_documents cd JOIN documents d ON d.rowid = cd.document_rowid ORDER BY cd.document_rowid LIMIT 300',
    );
    expect(sample.length).toBeGreaterThan(0);
    for (const s of sample) {
      const text = `${s.title} ${s.abstract ?? ''}`.toLowerCase().replace(/-/g, ' ');
      expect(text, s.matched_name).toContain(s.matched_name.toLowerCase().replace(/-/g, ' '));
    }
  });

  it('does not take "creatine kinase" (an enzyme) for a mention of creatine', () => {
    const docs = all<{
      title: string | null;
      abstract: string | null;
    }>(`SELECT d.title, d.abstract FROM compound_documents cd
      JOIN documents d ON d.rowid = cd.document_rowid JOIN compounds c ON c.rowid = cd.compound_rowid WHERE c.slug = 'creatine-monohydrate'`);
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs)
      expect(`${d.title ?? ''} ${d.abstract ?? ''}`).toMatch(/creatine(?![\s-]+(?:phospho)?kinase)/i);
  });

  it('spot checks: metformin, and a DrugBank enrichment', () => {
    const m = db
      .prepare<[], { category: string; status: string; alt_names: string; drugbank_id: string }>(
        "SELECT * FROM compounds WHERE slug = 'metformin'",
      )
      .get()!;
    expect(m).toMatchObject({ category: 'medication', status: 'approved', drugbank_id: 'DB00331' });
    const alt = JSON.parse(m.alt_names) as string[];
    expect(alt).toContain('Glucophage');
    expect(alt).toContain('Metformina'); // from DrugBank
    expect(
      db.prepare<[], { kind: string }>("SELECT kind FROM compound_names WHERE name_norm = 'metformina'").get()!.kind,
    ).toBe('drugbank');
  });

  it('records its version, schema, input hash and sources', () => {
    const meta = new Map(
      all<{ key: string; value: string }>('SELECT key, value FROM meta').map((r) => [r.key, r.value]),
    );
    expect(meta.get('schema_version')).toBe(String(CONTENT_SCHEMA_VERSION));
    expect(meta.get('inputs_sha256')).toMatch(/^[0-9a-f]{64}$/);
    const sources = all<{ id: string; licence: string; records: number }>('SELECT id, licence, records FROM sources');
    expect(sources.find((s) => s.id === 'drugbank-vocabulary')).toEqual({
      id: 'drugbank-vocabulary',
      licence: 'CC0 1.0',
      records: 14315,
    });
  });
});

describe('reference data for the tools', () => {
  it('holds every DDInter pair once, with known pairs at their DDInter severity', () => {
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM ddinter_pairs').get()!.n).toBe(160235);
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM ddinter_drugs').get()!.n).toBe(1939);
    const level = (x: string, y: string) =>
      db
        .prepare<[string, string, string, string], { level: string }>(
          `SELECT p.level FROM ddinter_pairs p
      JOIN ddinter_drugs a ON a.id = p.a JOIN ddinter_drugs b ON b.id = p.b WHERE (a.name = ? AND b.name = ?) OR (a.name = ? AND b.name = ?)`,
        )
        .get(x, y, y, x)?.level;
    expect(level('Warfarin', 'Acetylsalicylic acid')).toBe('Major');
    expect(level('Warfarin', 'Amiodarone')).toBe('Major');
  });

  it('shows DDInter pairs between our compounds on the compound record, most severe first, without repeating editorial ones', () => {
    const w = JSON.parse(
      db.prepare<[], { interactions: string }>("SELECT interactions FROM compounds WHERE slug = 'warfarin'").get()!
        .interactions,
    ) as { substance: string; severity: string; source: string }[];
    const fromDdinter = w.filter((i) => i.source === 'ddinter');
    expect(fromDdinter.length).toBeGreaterThan(0);
    const rank = { contraindicated: 4, major: 3, moderate: 2, minor: 1, unknown: 0 } as Record<string, number>;
    for (let i = 1; i < fromDdinter.length; i++)
      expect(rank[fromDdinter[i - 1]!.severity]! >= rank[fromDdinter[i]!.severity]!).toBe(true);
    const names = w.map((i) => i.substance.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds USDA SR28 foods and nutrients: 100 g raw apple with skin is 52 kcal', () => {
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM foods').get()!.n).toBe(8789);
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM food_nutrients').get()!.n).toBe(679045);
    expect(db.prepare("SELECT value FROM food_nutrients WHERE ndb_no = '09003' AND nutr_no = '208'").get()).toEqual({
      value: 52,
    });
    expect(db.prepare("SELECT measure, grams FROM food_weights WHERE ndb_no = '01001' AND seq = 2").get()).toEqual({
      measure: 'tbsp',
      grams: 14.2,
    });
  });

  it('holds the NLM lab ranges keyed by LOINC, with molecular weights for unit conversion', () => {
    const glucose = db
      .prepare<[], { molecular_weight: number }>(
        "SELECT molecular_weight FROM lab_tests WHERE loinc = '2345-7' LIMIT 1",
      )
      .get()!;
    expect(glucose.molecular_weight).toBeCloseTo(180.156, 3);
    expect(db.prepare<[], { n: number }>('SELECT COUNT(DISTINCT loinc) n FROM lab_tests').get()!.n).toBeGreaterThan(
      500,
    );
  });

  it('turns every PubMedQA question into a research item linked to its document', () => {
    const r = db
      .prepare<[], { n: number; linked: number }>(
        'SELECT COUNT(*) n, SUM(d.id IS NOT NULL) linked FROM research_items r LEFT JOIN documents d ON d.id = r.document_id',
      )
      .get()!;
    expect(r).toEqual({ n: 1000, linked: 1000 });
    expect(
      db.prepare("SELECT title, expert_answer FROM research_items WHERE id = 'pubmedqa-q-21645374'").get(),
    ).toEqual({
      title: 'Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?',
      expert_answer: 'yes',
    });
  });
});

describe('the content build', () => {
  // Two whole builds: about 30 s each alone, and CI runs other files beside it.
  it('is reproducible: two builds have the same rows', { timeout: 900_000 }, async () => {
    const open = async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'materia-content-')), 'content.sqlite');
      // Bundled vectors are left out here: they come from a cache keyed by text, tested in test/integration/search-model.test.ts.
      await buildContent(out, { vectors: false });
      return new Database(out, { readonly: true });
    };
    const [a, b] = [await open(), await open()];
    const digest = (d: Database.Database) => {
      const h = createHash('sha256');
      for (const table of [
        'compounds',
        'monographs',
        'documents',
        'compound_documents',
        'compound_names',
        'sources',
        'meta',
        'search_postings',
      ]) {
        for (const row of d.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()) h.update(JSON.stringify(row));
      }
      return h.digest('hex');
    };
    expect(digest(a)).toBe(digest(b));
    a.close();
    b.close();
  });
});
