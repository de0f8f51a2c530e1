import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FtsTokenizer } from './fts-tokens.ts';
import { LexicalIndex } from './lexical-index.ts';
import { Postings } from './postings.ts';

const TOKENIZE = 'porter unicode61 remove_diacritics 2';
const WORDS = [
  'vitamin',
  'd',
  'fracture',
  'fractures',
  'patients',
  'randomised',
  'trial',
  'café',
  'cafe',
  'naïve',
  'running',
  'runs',
  'insulin',
  'resistance',
  'aspirin',
  'bleeding',
  'risk',
  'the',
  'of',
  'covid',
  '19',
  'β',
  'blocker',
  'heart',
  'attack',
];

/** A small index with the shapes that matter: several columns, repeated words, diacritics, empty and deleted rows. */
function corpus(seed: number, rows: number) {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE docs (rowid INTEGER PRIMARY KEY, id TEXT, title TEXT, body TEXT, extra TEXT);
    CREATE VIRTUAL TABLE docs_fts USING fts5(title, body, extra, content='docs', content_rowid='rowid', tokenize='${TOKENIZE}');`);
  let x = seed;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
  const text = (n: number) => Array.from({ length: n }, () => WORDS[rnd(WORDS.length)]).join(rnd(3) ? ' ' : ', ');
  const put = db.prepare('INSERT INTO docs (rowid, id, title, body, extra) VALUES (?, ?, ?, ?, ?)');
  const fts = db.prepare('INSERT INTO docs_fts (rowid, title, body, extra) VALUES (?, ?, ?, ?)');
  for (let i = 1; i <= rows; i++) {
    // rowids with gaps, as an index with deletions has them; every 17th row is empty
    const rowid = i * 3;
    const [t, b, e] = i % 17 ? [text(1 + rnd(6)), text(rnd(60)), text(rnd(4))] : ['', '', ''];
    put.run(rowid, `doc-${rowid}`, t, b, e);
    fts.run(rowid, t, b, e);
  }
  return db;
}

describe('in-memory postings', () => {
  it('score every query exactly as FTS5 bm25() does, single words and phrases alike', () => {
    const db = corpus(7, 400);
    const weights = [2, 1, 1];
    const tok = new FtsTokenizer(db, TOKENIZE);
    const fts = new LexicalIndex(db, 'main.docs_fts', 'main.docs', weights, tok);
    const mem = new LexicalIndex(db, 'main.docs_fts', 'main.docs', weights, tok);
    mem.usePostings(Postings.read(db, 'main.docs_fts', weights));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...WORDS).map((w) => [w]),
            fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        (units) => {
          const a = fts.search(units, 1000);
          const b = mem.search(units, 1000);
          expect(b.map((h) => h.id).sort()).toEqual(a.map((h) => h.id).sort());
          const byId = new Map(a.map((h) => [h.id, h.score]));
          for (const h of b) expect(Math.abs(h.score - byId.get(h.id)!)).toBeLessThan(1e-9);
          // best first
          for (let i = 1; i < b.length; i++) expect(b[i - 1]!.score).toBeGreaterThanOrEqual(b[i]!.score);
          expect(mem.scale(units)).toBeCloseTo(fts.scale(units), 12);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });

  it('keep the k best, ties by rowid, and survive a round trip through their stored form', () => {
    const db = corpus(11, 300);
    const p = Postings.read(db, 'main.docs_fts', [1, 1, 1]);
    const q = Postings.deserialize(p.serialize());
    expect(q.records).toBe(300);
    expect(q.tokens).toBe(p.tokens);
    const tok = new FtsTokenizer(db, TOKENIZE);
    const units = ['fracture', 'patients', 'cafe'].map((w) => ({ term: tok.terms(w)[0]! }));
    const all = p.top(units, 10_000);
    const top5 = q.top(units, 5);
    expect(top5).toEqual(all.slice(0, 5));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.score > b.score || (a.score === b.score && a.rowid < b.rowid)).toBe(true);
    }
    // a term's document frequency is the number of rows FTS5 matches for it
    const matched = (
      db.prepare("SELECT count(*) AS n FROM docs_fts WHERE docs_fts MATCH 'fractures'").get() as { n: number }
    ).n;
    expect(matched).toBeGreaterThan(10);
    expect(p.documentFrequency(tok.terms('fractures')[0]!)).toBe(matched);
    expect(() => Postings.deserialize(p.serialize().subarray(0, 100))).toThrow();
  });

  it('look words up by the terms FTS5 makes of them (diacritics folded, Porter stems)', () => {
    const db = new Database(':memory:');
    const tok = new FtsTokenizer(db, TOKENIZE);
    expect(tok.terms('Café')).toEqual(tok.terms('cafe'));
    expect(tok.terms('running')).toEqual(['run']);
    expect(tok.terms('naïve café')).toHaveLength(2);
    expect(tok.terms('...')).toEqual([]);
  });
});
