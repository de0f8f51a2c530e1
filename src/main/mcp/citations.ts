/**
 * Citation export for research documents, in the three formats reference managers import: BibTeX (LaTeX, Zotero,
 * JabRef), RIS (EndNote, Mendeley, Zotero) and CSL-JSON (Pandoc, Zotero, citeproc). Built from the /v1 document record
 * only: a field the source lacks is left out, never guessed. Authors arrive as "Family, Given".
 */
import type { Document } from '../../shared/schemas/documents.ts';

export const CITATION_FORMATS = ['bibtex', 'ris', 'csl-json'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

const family = (author: string) =>
  (author.includes(',') ? author.slice(0, author.indexOf(',')) : (author.split(/\s+/)[0] ?? author)).trim();

/** A BibTeX key: first author's family name, year and the document id, in characters every BibTeX tool accepts. */
export function bibtexKey(d: Document): string {
  const who = d.authors[0]
    ? family(d.authors[0])
        .normalize('NFKD')
        .replace(/[^A-Za-z]/g, '')
    : 'anon';
  return `${who || 'anon'}${d.publication_year ?? 'nd'}_${d.id.replace(/[^A-Za-z0-9]/g, '')}`;
}

/** BibTeX's special characters, escaped so a title with "%" or "&" or a brace cannot break the entry. */
export function tex(s: string): string {
  return s
    .replace(
      /[\\{}%&$#_^~]/g,
      (c) => (({ '\\': '\\textbackslash{}', '^': '\\^{}', '~': '\\~{}' }) as Record<string, string>)[c] ?? `\\${c}`,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

export function toBibtex(d: Document): string {
  const fields: [string, string | null][] = [
    ['title', d.title],
    ['author', d.authors.length ? d.authors.map(tex).join(' and ') : null],
    ['journal', d.journal],
    ['year', d.publication_year === null ? null : String(d.publication_year)],
    ['month', d.publication_date ? String(Number(d.publication_date.slice(5, 7))) : null],
    ['doi', d.doi],
    ['pmid', d.pmid],
    ['pmcid', d.pmcid],
    ['url', d.url],
    ['note', `Materia document ${d.id}`],
  ];
  const body = fields
    .filter((f): f is [string, string] => f[1] !== null && f[1] !== '')
    .map(([k, v]) => `  ${k} = {${k === 'author' || k === 'url' || k === 'doi' ? v : tex(v)}}`)
    .join(',\n');
  return `@article{${bibtexKey(d)},\n${body}\n}`;
}

export function toRis(d: Document): string {
  const lines: [string, string | null][] = [
    ['TY', 'JOUR'],
    ['TI', d.title],
    ...d.authors.map((a): [string, string] => ['AU', a]),
    ['JO', d.journal],
    ['PY', d.publication_year === null ? null : String(d.publication_year)],
    ['DA', d.publication_date ? d.publication_date.replace(/-/g, '/') : null],
    ['DO', d.doi],
    ['UR', d.url],
    ['AN', d.pmid ? `PMID:${d.pmid}` : null],
    ['ID', d.id],
  ];
  // One line per tag: a newline inside a value would start a bogus tag.
  return [
    ...lines
      .filter((l): l is [string, string] => l[1] !== null && l[1] !== '')
      .map(([k, v]) => `${k}  - ${v.replace(/\s+/g, ' ').trim()}`),
    'ER  - ',
  ].join('\n');
}

export interface CslItem {
  id: string;
  type: 'article-journal';
  title?: string;
  author?: ({ family: string; given?: string } | { literal: string })[];
  'container-title'?: string;
  issued?: { 'date-parts': number[][] };
  DOI?: string;
  PMID?: string;
  PMCID?: string;
  URL?: string;
}

export function toCsl(d: Document): CslItem {
  const parts = d.publication_date
    ? d.publication_date.split('-').map(Number)
    : d.publication_year !== null
      ? [d.publication_year]
      : null;
  return {
    id: d.id,
    type: 'article-journal',
    ...(d.title ? { title: d.title } : {}),
    ...(d.authors.length
      ? {
          author: d.authors.map((a) => {
            const at = a.indexOf(',');
            return at > 0
              ? { family: a.slice(0, at).trim(), ...(a.slice(at + 1).trim() ? { given: a.slice(at + 1).trim() } : {}) }
              : { literal: a };
          }),
        }
      : {}),
    ...(d.journal ? { 'container-title': d.journal } : {}),
    ...(parts ? { issued: { 'date-parts': [parts] } } : {}),
    ...(d.doi ? { DOI: d.doi } : {}),
    ...(d.pmid ? { PMID: d.pmid } : {}),
    ...(d.pmcid ? { PMCID: d.pmcid } : {}),
    ...(d.url ? { URL: d.url } : {}),
  };
}
