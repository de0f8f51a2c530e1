/** Turns uploaded text into raw records, remembering where each came from so errors can point at it. */
import { XMLParser } from 'fast-xml-parser';
import type { IMPORT_FORMATS } from '../../../shared/schemas/documents.ts';
import { describeJsonError } from './json-error.ts';

export type RawRecord =
  { index: number; value: unknown } | { index: number; error: { field: string; message: string } };
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

// one reading of a file's name, shared with the import screen (src/renderer)
export { formatFromFileName } from '../../../shared/schemas/documents.ts';

export function readRecords(format: ImportFormat, data: string): RawRecord[] {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (e) {
      return [{ index: 0, error: { field: 'data', message: describeJsonError(data, e) } }];
    }
    // The API's own request shape, {"records": [...]}, is a JSON file too (a request body saved to disk).
    if (
      parsed &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      Array.isArray((parsed as { records?: unknown }).records)
    )
      parsed = (parsed as { records: unknown[] }).records;
    if (!Array.isArray(parsed))
      return [
        {
          index: 0,
          error: {
            field: 'data',
            message: 'a JSON import must be an array of records, or an object {"records": [...]}',
          },
        },
      ];
    return parsed.map((value, index) => ({ index, value }));
  }
  if (format === 'jsonl') {
    const out: RawRecord[] = [];
    let byte = 0;
    data.split('\n').forEach((raw, index) => {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const at = { line: index + 1, byte };
      byte += Buffer.byteLength(raw, 'utf8') + 1;
      if (!line.trim()) return;
      try {
        out.push({ index, value: JSON.parse(line) });
      } catch (e) {
        out.push({ index, error: { field: `line ${index + 1}`, message: describeJsonError(line, e, at) } });
      }
    });
    return out;
  }
  return readPubmedXml(data);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five XML entities and numeric character references; anything else is left as written. */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name]!;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Text of an element. The parser decodes no entities (it would skip stop nodes and numeric references), so each value is
 * decoded here exactly once. ArticleTitle and AbstractText are stop nodes whose inline markup (<i>, <sup>) arrives raw:
 * it is stripped before decoding, so `p &lt; 0.05` becomes `p < 0.05` and an escaped `&lt;i&gt;` stays text.
 */
const text = (v: unknown, markup = false): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number') {
    const s = String(v);
    return (
      decodeXmlEntities(markup ? s.replace(/<[^>]+>/g, '') : s)
        .replace(/\s+/g, ' ')
        .trim() || undefined
    );
  }
  if (typeof v === 'object' && '#text' in (v as object)) return text((v as { '#text': unknown })['#text'], markup);
  return undefined;
};
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

type Node = Record<string, unknown>;

function pubDate(d: Node | undefined): string | undefined {
  if (!d) return undefined;
  const year = text(d.Year) ?? text(d.MedlineDate)?.match(/\d{4}/)?.[0];
  if (!year) return undefined;
  const m = text(d.Month);
  const month = m ? (/^\d+$/.test(m) ? Number(m) : MONTHS.indexOf(m.slice(0, 3).toLowerCase()) + 1) : 0;
  const day = Number(text(d.Day) ?? 0);
  if (month >= 1 && month <= 12 && day >= 1 && day <= 31)
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return year;
}

/** PubMed XML (a PubmedArticleSet of PubmedArticle records, as efetch or the PubMed "XML" export gives them). */
export function readPubmedXml(data: string): RawRecord[] {
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      stopNodes: ['*.ArticleTitle', '*.AbstractText'],
      processEntities: false,
    }).parse(data, true) as Node;
  } catch (e) {
    return [{ index: 0, error: { field: 'data', message: `not well-formed XML: ${(e as Error).message}` } }];
  }
  const set = doc.PubmedArticleSet as Node | undefined;
  if (!set)
    return [{ index: 0, error: { field: 'data', message: 'no PubmedArticleSet element: expected PubMed XML' } }];
  return list(set.PubmedArticle as Node | Node[]).map((a, index) => {
    const citation = (a.MedlineCitation ?? {}) as Node;
    const article = (citation.Article ?? {}) as Node;
    const journal = (article.Journal ?? {}) as Node;
    const ids = list(
      ((a.PubmedData as Node | undefined)?.ArticleIdList as Node | undefined)?.ArticleId as Node | Node[],
    );
    const idOf = (type: string) => text(ids.find((i) => i['@IdType'] === type));
    const abstractParts = list((article.Abstract as Node | undefined)?.AbstractText as unknown)
      .map((p) => {
        const label = typeof p === 'object' && p ? (p as Node)['@Label'] : undefined;
        const body = text(p, true);
        return body ? (label ? `${text(label as string)}: ${body}` : body) : undefined;
      })
      .filter(Boolean);
    const authors = list((article.AuthorList as Node | undefined)?.Author as Node | Node[])
      .map((au) => {
        const collective = text(au.CollectiveName);
        const last = text(au.LastName);
        const fore = text(au.ForeName) ?? text(au.Initials);
        return collective ?? (last ? (fore ? `${last}, ${fore}` : last) : undefined);
      })
      .filter((x): x is string => Boolean(x));
    const mesh = list((citation.MeshHeadingList as Node | undefined)?.MeshHeading as Node | Node[])
      .map((h) => text(h.DescriptorName))
      .filter((x): x is string => Boolean(x));
    const record: Record<string, unknown> = {
      title: text(article.ArticleTitle, true),
      abstract: abstractParts.length ? abstractParts.join(' ') : undefined,
      authors: authors.length ? authors : undefined,
      publication_date: pubDate((journal.JournalIssue as Node | undefined)?.PubDate as Node | undefined),
      journal: text(journal.Title) ?? text(journal.ISOAbbreviation),
      pmid: text(citation.PMID),
      doi: idOf('doi'),
      pmcid: idOf('pmc'),
      mesh_terms: mesh.length ? mesh : undefined,
    };
    for (const k of Object.keys(record)) if (record[k] === undefined) delete record[k];
    return { index, value: record };
  });
}
