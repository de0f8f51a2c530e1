/**
 * How the import screen sends a file through POST /v1/documents/import: the API takes at most 1 MiB a request, so a
 * larger file goes in batches of whole records (JSON parsed here and sent as `records`; JSON lines and PubMed XML cut
 * at record boundaries and sent as `format` + `data`, so the API still does all the reading and checking). Each batch
 * knows where its first record sits in the file, so a failure is reported at its position in the file.
 */
import {
  formatFromFileName,
  type DocumentImportRequest,
  type IMPORT_FORMATS,
} from '../../../shared/schemas/documents.ts';

export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** under the API's 1 MiB body limit, leaving room for the request's JSON wrapping and escapes */
export const MAX_BATCH_BYTES = 900 * 1024;
const MAX_BATCH_RECORDS = 5000; // the API's `records` limit

export interface ImportBatch {
  body: DocumentImportRequest;
  /** position in the file of the batch's first record (JSON: array index; JSON lines: line index; XML: article index) */
  first: number;
  /** records in the batch (JSON lines: non-blank lines) */
  records: number;
}
export type ImportPlan = { format: ImportFormat; batches: ImportBatch[]; records: number } | { error: string };

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** The file's format: its name first, else its first character ("<" XML, "[" JSON, "{" one object or JSON lines). */
export function detectFormat(name: string, text: string): ImportFormat | null {
  const byName = formatFromFileName(name);
  if (byName) return byName;
  const t = text.trimStart();
  if (t.startsWith('<')) return 'pubmed_xml';
  if (t.startsWith('[')) return 'json';
  if (t.startsWith('{')) {
    try {
      JSON.parse(t);
      return 'json';
    } catch {
      return 'jsonl';
    }
  }
  return null;
}

/** Consecutive groups of items whose sizes stay under the batch limit (an item over it goes alone: the API says why). */
function groups<T>(items: T[], size: (item: T) => number, maxCount: number): { start: number; items: T[] }[] {
  const out: { start: number; items: T[] }[] = [];
  let current: T[] = [];
  let start = 0;
  let used = 0;
  items.forEach((item, i) => {
    const n = size(item);
    if (current.length > 0 && (used + n > MAX_BATCH_BYTES || current.length >= maxCount)) {
      out.push({ start, items: current });
      current = [];
      used = 0;
      start = i;
    }
    current.push(item);
    used += n;
  });
  if (current.length) out.push({ start, items: current });
  return out;
}

export function planImport(name: string, text: string): ImportPlan {
  if (!text.trim()) return { error: `${name} is empty.` };
  const format = detectFormat(name, text);
  if (!format) return { error: `${name} is not JSON, JSON lines or PubMed XML (name it .json, .jsonl or .xml).` };

  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return { error: `${name} is not valid JSON: ${(e as Error).message}` };
    }
    // an array of records; also the request's own shape {"records": [...]} and a single record
    const records = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object' && Array.isArray((parsed as { records?: unknown }).records)
        ? (parsed as { records: unknown[] }).records
        : parsed && typeof parsed === 'object'
          ? [parsed]
          : null;
    if (!records) return { error: `${name} holds neither a record nor an array of records.` };
    if (!records.length) return { error: `${name} holds no records.` };
    const batches = groups(records, (r) => bytes(JSON.stringify(r)) + 1, MAX_BATCH_RECORDS).map((g) => ({
      body: { records: g.items },
      first: g.start,
      records: g.items.length,
    }));
    return { format, batches, records: records.length };
  }

  if (format === 'jsonl') {
    const lines = text.split(/\r?\n/);
    const batches = groups(lines, (l) => bytes(l) + 1, Number.POSITIVE_INFINITY)
      .map((g) => ({
        body: { format, data: g.items.join('\n') },
        first: g.start,
        records: g.items.filter((l) => l.trim()).length,
      }))
      .filter((b) => b.records > 0);
    const records = batches.reduce((n, b) => n + b.records, 0);
    return records ? { format, batches, records } : { error: `${name} holds no records.` };
  }

  const articles = text.match(/<PubmedArticle[\s>][\s\S]*?<\/PubmedArticle>/g) ?? [];
  if (bytes(text) <= MAX_BATCH_BYTES || articles.length === 0) {
    // one request: the API reads the file as it is (and says so when it is not PubMed XML)
    return {
      format,
      batches: [{ body: { format, data: text }, first: 0, records: Math.max(articles.length, 1) }],
      records: Math.max(articles.length, 1),
    };
  }
  const wrap = (items: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<PubmedArticleSet>\n${items.join('\n')}\n</PubmedArticleSet>\n`;
  const batches = groups(articles, (a) => bytes(a) + 1, Number.POSITIVE_INFINITY).map((g) => ({
    body: { format, data: wrap(g.items) },
    first: g.start,
    records: g.items.length,
  }));
  return { format, batches, records: articles.length };
}
