/**
 * What agents hand the orchestrator: statements, each backed by the records it was read from. Composition numbers
 * the records ([1], [2], …) in order of first use, so every sentence an agent states carries its sources.
 */
import type { Citation, CitationType } from '../../shared/schemas/chat.ts';

export type Source = Omit<Citation, 'index'>;

export interface Statement {
  text: string;
  sources: Source[];
}

export type Position = 'yes' | 'no' | 'maybe';

export interface AgentOutput {
  /** Section heading, e.g. "Dosing: BPC-157". */
  title: string;
  statements: Statement[];
  /** A yes / no / maybe position the answer takes (research questions), for the evaluation. */
  position?: Position;
  /** The sentence that answers the question, when the agent knows it (a verdict, a dose, a threshold); it opens the answer. */
  lead?: Statement;
  /** Every statement is a result the question asked for (tool output, interaction pairs): none is trimmed for relevance. */
  keepAll?: boolean;
  /** Found nothing to report beyond "none recorded": it does not lead an answer to a question that asked something else. */
  quiet?: boolean;
  /** How many compounds the section speaks about: each gets its share of the statements kept. */
  subjects?: number;
}

const src = (type: CitationType, id: string, title: string, extra: Partial<Source> = {}): Source => ({
  type,
  id,
  title,
  api_path: null,
  url: null,
  pmid: null,
  doi: null,
  ...extra,
});

export const cite = {
  compound: (slug: string, name: string) =>
    src('compound', slug, `${name} (compound record)`, { api_path: `/v1/compounds/${slug}` }),
  monograph: (slug: string, name: string) =>
    src('monograph', slug, `${name} monograph`, { api_path: `/v1/monographs/${slug}` }),
  document: (d: {
    id: string;
    title: string | null;
    pmid: string | null;
    doi: string | null;
    url: string | null;
    journal?: string | null;
    publication_year?: number | null;
  }) =>
    src('document', d.id, documentTitle(d), {
      api_path: `/v1/documents/${encodeURIComponent(d.id)}`,
      url: d.url,
      pmid: d.pmid,
      doi: d.doi,
    }),
  labTest: (loinc: string, name: string) =>
    src('lab_test', loinc, `${name} (LOINC ${loinc}), NLM LHC flowsheet reference range`),
  food: (ndb: string, description: string) => src('food', ndb, `${description} (USDA SR28 NDB ${ndb})`),
  ddinterPair: (a: { id: string; name: string }, b: { id: string; name: string }) => {
    const [x, y] = a.id < b.id ? [a, b] : [b, a];
    return src('interaction_pair', `${x.id}:${y.id}`, `DDInter: ${x.name} + ${y.name}`);
  },
  method: (route: string, reference: string) => src('method', route, reference, { api_path: route }),
  vocabulary: (term: string, title: string) => src('vocabulary', term, title),
};

function documentTitle(d: {
  id: string;
  title: string | null;
  pmid: string | null;
  journal?: string | null;
  publication_year?: number | null;
}): string {
  const where = [d.journal, d.publication_year].filter((x) => x !== null && x !== undefined && x !== '').join(', ');
  const base = d.title ?? (d.pmid ? `PubMed ${d.pmid}` : d.id);
  return where ? `${base} (${where})` : base;
}

/** A sentence ends with one full stop (record fields are written without one). */
export function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return /[.!?…]["”'’)\]]*$/.test(t) ? t : `${t}.`;
}

export const sourceKey = (s: Source) => `${s.type}\u0000${s.id}`;
