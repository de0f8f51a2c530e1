import { describe, expect, it } from 'vitest';
import { detectFormat, MAX_BATCH_BYTES, planImport, type ImportPlan } from './import-plan.ts';

const ok = (p: ImportPlan) => {
  if ('error' in p) throw new Error(p.error);
  return p;
};

describe('planning an import from a dropped file', () => {
  it('reads the format from the name, else from the first character', () => {
    expect(detectFormat('a.jsonl', '{}')).toBe('jsonl');
    expect(detectFormat('export.XML', '')).toBe('pubmed_xml');
    expect(detectFormat('records', ' [{"title":"x"}]')).toBe('json');
    expect(detectFormat('records', '{"title":"x"}\n{"title":"y"}')).toBe('jsonl');
    expect(detectFormat('records', '{"records":[]}')).toBe('json');
    expect(detectFormat('notes.txt', 'hello')).toBeNull();
  });

  it('sends a small JSON file as one batch of records, unwrapping {"records": [...]}', () => {
    const p = ok(planImport('a.json', JSON.stringify({ records: [{ title: 'One' }, { title: 'Two' }] })));
    expect(p.batches).toEqual([{ body: { records: [{ title: 'One' }, { title: 'Two' }] }, first: 0, records: 2 }]);
  });

  it('cuts a large JSON array into batches under the API limit, each knowing its first index', () => {
    const abstract = 'a'.repeat(10_000);
    const records = Array.from({ length: 250 }, (_, i) => ({ title: `Record ${i}`, abstract }));
    const p = ok(planImport('big.json', JSON.stringify(records)));
    expect(p.records).toBe(250);
    expect(p.batches.length).toBeGreaterThan(2);
    for (const b of p.batches)
      expect(new TextEncoder().encode(JSON.stringify(b.body)).length).toBeLessThan(1024 * 1024);
    expect(p.batches.map((b) => b.first)).toEqual(
      p.batches.map((_, i) => p.batches.slice(0, i).reduce((n, x) => n + x.records, 0)),
    );
    expect(p.batches.flatMap((b) => ('records' in b.body ? b.body.records! : []))).toEqual(records);
  });

  it('cuts JSON lines at line boundaries, keeping line numbers, and skips blank lines in the count', () => {
    const line = JSON.stringify({ title: 'x', abstract: 'b'.repeat(MAX_BATCH_BYTES / 4) });
    const text = [line, '', line, line, line, line].join('\n');
    const p = ok(planImport('a.jsonl', text));
    expect(p.records).toBe(5);
    expect(p.batches.length).toBe(2);
    expect(p.batches[1]!.first).toBe(4); // the fifth line of the file starts the second batch
    expect(p.batches.map((b) => b.body.data!.split('\n').length).reduce((a, b) => a + b)).toBe(6);
  });

  it('cuts large PubMed XML at article boundaries, each batch a PubmedArticleSet', () => {
    const article = (i: number) =>
      `<PubmedArticle><MedlineCitation><PMID>${i}</PMID><Article><ArticleTitle>T${i}</ArticleTitle><Abstract><AbstractText>${'c'.repeat(200_000)}</AbstractText></Abstract></Article></MedlineCitation></PubmedArticle>`;
    const text = `<?xml version="1.0"?>\n<PubmedArticleSet>${Array.from({ length: 10 }, (_, i) => article(i)).join('\n')}</PubmedArticleSet>`;
    const p = ok(planImport('pubmed.xml', text));
    expect(p.records).toBe(10);
    expect(p.batches.length).toBeGreaterThan(1);
    for (const b of p.batches) {
      expect(b.body.data).toMatch(/^<\?xml[^>]*>\n<PubmedArticleSet>/);
      expect(b.body.data!.match(/<PubmedArticle>/g)!.length).toBe(b.records);
    }
  });

  it('says what is wrong with a file it cannot send', () => {
    expect(planImport('a.json', '[{"title": "x",]')).toEqual({
      error: expect.stringMatching(/^a\.json is not valid JSON: /),
    });
    expect(planImport('a.json', '[]')).toEqual({ error: 'a.json holds no records.' });
    expect(planImport('a.json', '42')).toEqual({ error: 'a.json holds neither a record nor an array of records.' });
    expect(planImport('notes.txt', 'hello')).toEqual({
      error: expect.stringMatching(/is not JSON, JSON lines or PubMed XML/),
    });
    expect(planImport('a.jsonl', '\n\n')).toEqual({ error: 'a.jsonl is empty.' });
  });
});
