/** Citation export (src/main/mcp/citations.ts): every field from the record, nothing guessed, special characters safe. */
import { describe, expect, it } from 'vitest';
import { bibtexKey, toBibtex, toCsl, toRis } from '../../src/main/mcp/citations.ts';
import type { Document } from '../../src/shared/schemas/documents.ts';
import { sourceToBibtex, sourceToCsl, sourceToRis, type MonographSource } from '../../src/main/mcp/source-citations.ts';

const DOC: Document = {
  id: 'pubmedqa-20353735',
  source: 'pubmedqa',
  title: 'Vitamin D & falls: 50% fewer {fractures}?',
  title_source: 'article',
  external_id: null,
  authors: ['Müller, Anna B', 'Smith, John', 'WHO Study Group'],
  publication_date: '2010-03-30',
  publication_year: 2010,
  journal: 'BMJ',
  evidence_grade: 'A',
  study_design: 'randomized_trial',
  study_design_label: 'Randomised controlled trial',
  abstract: 'x',
  doi: '10.1136/bmj.c1234',
  pmid: '20353735',
  pmcid: null,
  url: 'https://pubmed.ncbi.nlm.nih.gov/20353735/',
  license: null,
  mesh_terms: [],
};

describe('citations', () => {
  it('BibTeX: escaped title, authors joined with "and", year and month, DOI, PMID, URL; no field the record lacks', () => {
    const b = toBibtex(DOC);
    expect(b.startsWith(`@article{${bibtexKey(DOC)},\n`)).toBe(true);
    expect(bibtexKey(DOC)).toBe('Muller2010_pubmedqa20353735');
    expect(b).toContain('  title = {Vitamin D \\& falls: 50\\% fewer \\{fractures\\}?}');
    expect(b).toContain('  author = {Müller, Anna B and Smith, John and WHO Study Group}');
    expect(b).toContain('  year = {2010}');
    expect(b).toContain('  month = {3}');
    expect(b).toContain('  doi = {10.1136/bmj.c1234}');
    expect(b).toContain('  pmid = {20353735}');
    expect(b).not.toContain('pmcid');
    expect(b.endsWith('\n}')).toBe(true);
    expect(toBibtex({ ...DOC, authors: [], publication_year: null, publication_date: null })).toMatch(
      /^@article\{anonnd_pubmedqa20353735,/,
    );
  });

  it('RIS: one tag per line, an AU per author, ends with ER', () => {
    const r = toRis({ ...DOC, title: 'Two\nlines' }).split('\n');
    expect(r[0]).toBe('TY  - JOUR');
    expect(r).toContain('TI  - Two lines');
    expect(r.filter((l) => l.startsWith('AU  - '))).toEqual([
      'AU  - Müller, Anna B',
      'AU  - Smith, John',
      'AU  - WHO Study Group',
    ]);
    expect(r).toContain('DA  - 2010/03/30');
    expect(r).toContain('DO  - 10.1136/bmj.c1234');
    expect(r.at(-1)).toBe('ER  - ');
  });

  it('CSL-JSON: family/given split at the comma, a name without one as literal, date parts', () => {
    const c = toCsl(DOC);
    expect(c.author).toEqual([
      { family: 'Müller', given: 'Anna B' },
      { family: 'Smith', given: 'John' },
      { literal: 'WHO Study Group' },
    ]);
    expect(c.issued).toEqual({ 'date-parts': [[2010, 3, 30]] });
    expect(c).toMatchObject({
      id: DOC.id,
      type: 'article-journal',
      'container-title': 'BMJ',
      DOI: '10.1136/bmj.c1234',
      PMID: '20353735',
    });
    expect(c.PMCID).toBeUndefined();
    expect(toCsl({ ...DOC, publication_date: null }).issued).toEqual({ 'date-parts': [[2010]] });
  });
});

describe('monograph source citations', () => {
  const SOURCE: MonographSource = {
    id: 'warfarin-basis-2',
    monograph: { slug: 'warfarin', name: 'Warfarin sodium', resource: 'materia://monograph/warfarin' },
    number: 2,
    text: 'CHEST guideline {2016} & 50% of\nthe rest',
    supports: ['indication 2', 'clinical outcome 1'],
  };
  it('BibTeX @misc with the text as title and a note naming the monograph and claims, special characters escaped', () => {
    expect(sourceToBibtex(SOURCE)).toBe(
      '@misc{warfarinbasis2,\n  title = {CHEST guideline \\{2016\\} \\& 50\\% of the rest},\n' +
        '  note = {Source 2 of the Materia monograph Warfarin sodium (materia://monograph/warfarin); cited for indication 2, clinical outcome 1}\n}',
    );
  });
  it('RIS GEN on one line per tag; CSL-JSON a document with title and note only', () => {
    expect(sourceToRis(SOURCE).split('\n')).toEqual([
      'TY  - GEN',
      'TI  - CHEST guideline {2016} & 50% of the rest',
      'N1  - Source 2 of the Materia monograph Warfarin sodium (materia://monograph/warfarin); cited for indication 2, clinical outcome 1',
      'ID  - warfarin-basis-2',
      'ER  - ',
    ]);
    expect(Object.keys(sourceToCsl(SOURCE)).sort()).toEqual(['id', 'note', 'title', 'type']);
  });
});
