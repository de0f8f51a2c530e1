/**
 * Literature specialists: a finder over the document library (semantic search), the research-question agent
 * (PubMedQA-style yes/no questions answered from the closest study's conclusion), a lookup by PMID, DOI or
 * document id, and the studies linked to a named compound.
 */
import type { DocumentRow } from '../../documents/document-repo.ts';
import { queryTokens } from '../../search/fts-query.ts';
import { cite, sentence, type AgentOutput, type Statement } from '../evidence.ts';
import { conclusionOf, positionOf, POSITION_TEXT } from '../position.ts';
import { subjects } from './records.ts';
import { unknownNameSteps } from '../names.ts';
import { runInSlices } from '../time-slice.ts';
import { addressesByMeaning } from '../on-topic.ts';
import { questionWords, relevance } from '../compose.ts';
import type { Analysis } from '../analyze.ts';
import { asksAboutOwnResults } from './tools/bloodwork.ts';
import type { Agent, AgentDeps } from './types.ts';

/** Words that say what kind of answer is wanted, not what it is about; left out of search queries. */
const FILLER = new Set(
  (
    'a an the of for in on to and or about any are is was were be been there what which who whom how why when where find show me give list ' +
    'papers paper studies study articles article literature research publications publication evidence trials trial pubmed search look ' +
    'some recent latest good best do does did can could should would will has have it its this that these those i my we our you your with by from ' +
    'tell please take taking taken use using used get getting need much many help helps good bad like know want should safe'
  ).split(' '),
);

/** The words a question is about; "vitamin d" and the like stay one unit (the letter alone says nothing). */
export function contentWords(text: string): string[] {
  const tokens = queryTokens(text);
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (t === 'vitamin' && tokens[i + 1] && /^[a-z]\d{0,2}$/.test(tokens[i + 1]!)) out.push(`vitamin ${tokens[i + 1]}`);
    else if (t.length >= 3 && !FILLER.has(t) && !(tokens[i - 1] === 'vitamin' && t.length <= 3)) out.push(t);
  });
  return [...new Set(out)];
}

/** Share of the question's content words that a document's text contains (a word counts when its first 5 letters begin a word there). */
export function coverage(words: readonly string[], text: string): number {
  if (!words.length) return 0;
  const lower = text.toLowerCase();
  const have = new Set((lower.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 5)));
  const hit = (w: string) => (w.includes(' ') ? new RegExp(`\\b${w}\\b`).test(lower) : have.has(w.slice(0, 5)));
  return words.filter(hit).length / words.length;
}

const docLine = (r: DocumentRow) => {
  const where = [r.journal, r.publication_year].filter((x) => x !== null && x !== '').join(', ');
  return `${r.title ?? `PubMed ${r.pmid ?? r.id}`}${where ? ` (${where})` : ''}; ${r.study_design.replace(/_/g, ' ')}, evidence grade ${r.evidence_grade}`;
};

async function searchDocuments(deps: AgentDeps, query: string, limit: number): Promise<DocumentRow[]> {
  const words = contentWords(query);
  if (!words.length) return [];
  const data = await deps.search.search({
    query: words.join(' '),
    types: ['documents'],
    limit,
    offset: 0,
    sort: 'relevance',
    include_research: false,
    include_abstracts: false,
  });
  return data.results.map((h) => deps.documents.byId(h.id)).filter((r): r is DocumentRow => r !== undefined);
}

export const literatureAgent: Agent = {
  id: 'literature_finder',
  name: 'Literature finder',
  group: 'literature',
  covers:
    'research documents on a topic from the library (bundled SciFact, CORD-19 and PubMedQA records and your imports), with PMID or DOI',
  uses: ['semantic search over documents (FTS5 BM25, plus embeddings when installed)'],
  example: 'Find studies on vitamin D and fracture prevention',
  route: (a) => {
    if (!a.intents.has('literature') || a.intents.has('document')) return 0;
    if (!a.compounds.length) return 0.85;
    // a compound and a topic ("studies on vitamin D and fractures"): the topic search runs beside the compound's own studies
    const named = new Set(a.compounds.flatMap((c) => contentWords(`${c.matched} ${c.name}`)));
    return contentWords(a.text).some((w) => !named.has(w)) ? 0.9 : 0;
  },
  async run(a, deps) {
    const words = contentWords(a.text);
    // a name found nowhere in the library ("xyloprimavir") cannot be answered from it
    if ((await runInSlices(unknownNameSteps(deps.content, a.text, a.substances))).length)
      return { title: 'Literature', statements: [] };
    const rows = (await searchDocuments(deps, a.text, 10))
      .filter((r) => coverage(words, `${r.title ?? ''} ${r.abstract ?? ''}`) >= 0.5)
      .slice(0, 5);
    // nothing close enough: no statements, and the orchestrator says the knowledge base has nothing
    if (!rows.length) return { title: 'Literature', statements: [] };
    return {
      title: 'Literature',
      statements: rows.map((r) => ({
        text: sentence(`${docLine(r)}${r.abstract ? `. Conclusion: ${conclusionOf(r.abstract)}` : ''}`),
        sources: [cite.document(r)],
      })),
    };
  },
};

function similarity(a: string, b: string): number {
  const x = new Set(contentWords(a));
  const y = new Set(contentWords(b));
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / Math.max(x.size, y.size);
}

/** Questions the compound agents answer from a compound's own record. */
const COMPOUND_QUESTIONS = [
  'dosing',
  'interactions',
  'contraindications',
  'side_effects',
  'mechanism',
  'regulatory',
  'cost',
  'structure',
  'related',
  'monitoring',
  'comparison',
  'stack',
  'protocol',
] as const;

/** Questions a tool or reference agent answers (a calculation, a lab value, a definition), not a study. */
const TOOL_QUESTIONS = [
  'bioage',
  'macros',
  'stack',
  'protocol',
  'labRange',
  'foodSources',
  'glossary',
  'document',
] as const;

export const researchQuestionAgent: Agent = {
  id: 'research_question',
  name: 'Research question',
  group: 'literature',
  covers:
    'yes/no research questions ("Is X associated with Y?"), answered from the conclusion of the closest study in the library, with the position it takes',
  uses: ['PubMedQA research items and abstracts', 'semantic search over documents'],
  example: 'Is laparoscopic reoperation for failed antireflux surgery feasible?',
  // with a named compound it runs unless a compound agent answers the question (dose, interactions, …), and it adds a
  // section only when a study matches closely
  route: (a) => {
    if (!a.yesNo || TOOL_QUESTIONS.some((i) => a.intents.has(i)) || asksAboutOwnResults(a) || a.substances.length >= 2)
      return 0;
    if (!a.compounds.length) return 0.7;
    return COMPOUND_QUESTIONS.some((i) => a.intents.has(i)) ? 0 : 0.55;
  },
  async run(a, deps) {
    const words = contentWords(a.text);
    if ((await runInSlices(unknownNameSteps(deps.content, a.text, a.substances))).length)
      return { title: 'Research question', statements: [] };
    let primary: DocumentRow | undefined;
    let matchedQuestion: string | null = null;
    if (deps.useResearchItems && words.length) {
      const r = await deps.search.search({
        query: words.join(' '),
        types: ['research'],
        limit: 3,
        offset: 0,
        sort: 'relevance',
        include_research: true,
        include_abstracts: false,
      });
      const best = r.results.find((h) => h.type === 'research' && similarity(h.title, a.text) >= 0.6);
      if (best && best.type === 'research') {
        const item = deps.content
          .prepare<[string], { document_id: string }>('SELECT document_id FROM research_items WHERE id = ?')
          .get(best.id);
        primary = item ? deps.documents.byId(item.document_id) : undefined;
        matchedQuestion = primary ? best.title : null;
      }
    }
    const found = await searchDocuments(deps, a.text, 8);
    if (!primary) primary = found.find((r) => coverage(words, `${r.title ?? ''} ${r.abstract ?? ''}`) >= 0.6);
    const others = found
      .filter(
        (r) =>
          r.id !== primary?.id && coverage(words, `${r.title ?? ''} ${r.abstract ?? ''}`) >= 0.5 && addresses(a, r),
      )
      .slice(0, primary ? 4 : 5);
    const out: AgentOutput = { title: 'Research question', statements: [] };
    // a study's position is stated only when it addresses the question: its own stored question, or every named
    // compound in it and most of the question's topic words in its title, and (with a model) a title close in meaning
    if (
      primary?.abstract &&
      !matchedQuestion &&
      (!addresses(a, primary) || (await addressesByMeaning(deps.embedder(), a.text, primary.title)) === false)
    ) {
      // beside a named compound's own records, an off-topic study adds nothing
      if (a.compounds.length) return out;
      out.statements.push({
        text: sentence(
          `No study in the library addresses this question directly; the closest is ${docLine(primary)}, which is not read as an answer`,
        ),
        sources: [cite.document(primary)],
      });
      out.lead = out.statements[0];
      primary = undefined;
    }
    if (primary?.abstract) {
      const conclusion = conclusionOf(primary.abstract);
      const position = positionOf(conclusion);
      const c = cite.document(primary);
      out.statements.push({
        text: sentence(
          matchedQuestion
            ? `A study in the library asked this question ("${matchedQuestion}"): ${docLine(primary)}`
            : `The closest study in the library: ${docLine(primary)}`,
        ),
        sources: [c],
      });
      out.statements.push({ text: sentence(`Its conclusion: ${conclusion}`), sources: [c] });
      out.statements.push({
        text: sentence(
          `Position this study supports: ${POSITION_TEXT[position]}; one study, graded ${primary.evidence_grade}, is not a settled answer`,
        ),
        sources: [c],
      });
      out.position = position;
      out.lead = {
        text: sentence(
          `The closest study in the library (${primary.study_design.replace(/_/g, ' ')}, grade ${primary.evidence_grade}) answers ${position === 'maybe' ? 'unclear' : position}: ${conclusion}`,
        ),
        sources: [c],
      };
    }
    for (const r of others)
      out.statements.push({ text: sentence(`Related: ${docLine(r)}`), sources: [cite.document(r)] });
    return out;
  },
};

/** Share of the question's topic words (with the records' synonyms) found in the study's title and conclusion. */
export const ADDRESSES_COVERAGE = 0.75;

/** Whether a study is about the question: every named compound in its text, and most topic words in its title (its conclusion when it has none). */
export function addresses(a: Analysis, d: DocumentRow): boolean {
  const text = `${d.title ?? ''} ${d.abstract ?? ''}`.toLowerCase();
  // the title says what a study is about; a conclusion also mentions outcomes the study did not test
  const focus = d.title ?? (d.abstract ? conclusionOf(d.abstract) : '');
  for (const c of a.compounds.filter((x) => !x.family)) {
    if (![c.matched, c.name, c.name.split(' (')[0]!].some((n) => text.includes(n.toLowerCase()))) return false;
  }
  const names = new Set(a.compounds.flatMap((c) => contentWords(`${c.matched} ${c.name}`)));
  const topic = contentWords(a.text).filter((w) => !names.has(w) && !GENERIC.has(w));
  if (!topic.length) return true;
  const hit = topic.filter((w) => relevance(focus, questionWords([w])) > 0).length;
  return hit / topic.length >= ADDRESSES_COVERAGE;
}

/** Question words that do not say what a study is about. */
const GENERIC = new Set([
  'associated',
  'association',
  'effect',
  'effects',
  'effective',
  'risk',
  'increase',
  'increased',
  'decrease',
  'reduce',
  'reduced',
  'improve',
  'improves',
  'better',
  'worse',
  'patients',
  'people',
  'adults',
  'prevent',
  'prevents',
  'cause',
  'causes',
  'affect',
  'affects',
  'outcome',
  'outcomes',
  'work',
  'works',
  'really',
  'actually',
]);

export const documentLookupAgent: Agent = {
  id: 'document_lookup',
  name: 'Document lookup',
  group: 'literature',
  covers: 'one document by PMID, DOI or document id: its bibliographic record, design, grade and conclusion',
  uses: ['documents (bundled and imported)'],
  example: 'What does PMID 34093252 say?',
  route: (a) => (a.intents.has('document') ? 0.95 : 0),
  run(a, deps) {
    const pmid = /\b(?:pmid:?|pubmed(?: id)?)\s*(\d{5,9})\b/i.exec(a.text)?.[1];
    const doi = /\b(10\.\d{4,9}\/[^\s"<>]+?)[.,;)]?(?:\s|$)/i.exec(a.text)?.[1];
    const id = /\b((?:scifact|cord19|pubmedqa|imported)-[a-z0-9-]+)/i.exec(a.text)?.[1]?.toLowerCase();
    const byPmid = deps.content.prepare<[string], { id: string }>(
      'SELECT id FROM main.documents WHERE pmid = ? ORDER BY id LIMIT 1',
    );
    const byDoi = deps.content.prepare<[string], { id: string }>(
      'SELECT id FROM main.documents WHERE lower(doi) = lower(?) ORDER BY id LIMIT 1',
    );
    const docId = id ?? (pmid ? byPmid.get(pmid)?.id : undefined) ?? (doi ? byDoi.get(doi)?.id : undefined);
    const row = docId ? deps.documents.byId(docId) : undefined;
    const asked = id ?? (pmid ? `PMID ${pmid}` : `DOI ${doi}`);
    if (!row)
      return { title: 'Document', statements: [{ text: `No document with ${asked} is in the library.`, sources: [] }] };
    const c = cite.document(row);
    const out: Statement[] = [{ text: sentence(docLine(row)), sources: [c] }];
    if (row.authors && JSON.parse(row.authors).length)
      out.push({
        text: sentence(`Authors: ${(JSON.parse(row.authors) as string[]).slice(0, 6).join(', ')}`),
        sources: [c],
      });
    if (row.abstract) out.push({ text: sentence(`Conclusion: ${conclusionOf(row.abstract)}`), sources: [c] });
    else
      out.push({ text: sentence('The library keeps no abstract for this record (licence or source)'), sources: [c] });
    return { title: `Document ${row.id}`, statements: out };
  },
};

const DESIGN_ORDER = `CASE d.study_design WHEN 'meta_analysis' THEN 0 WHEN 'randomized_trial' THEN 1 WHEN 'controlled_trial' THEN 2 WHEN 'cohort' THEN 3
  WHEN 'case_control' THEN 4 WHEN 'cross_sectional' THEN 5 WHEN 'case_report' THEN 6 ELSE 7 END`;

export const compoundStudiesAgent: Agent = {
  id: 'compound_studies',
  name: 'Studies on a compound',
  group: 'literature',
  covers: 'the documents linked to a named compound, strongest study designs first',
  uses: ['compound–document links', 'documents'],
  example: 'What studies are there on creatine?',
  route: (a) => (a.compounds.length && a.intents.has('literature') ? 0.85 : 0),
  run(a, deps) {
    const stmt = deps.content.prepare<
      [string],
      DocumentRow
    >(`SELECT d.id, d.source, d.title, d.abstract, d.authors, d.mesh_terms, d.publication_date, d.publication_year,
      d.journal, d.doi, d.pmid, d.pmcid, d.url, d.license, d.study_design, d.evidence_grade FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
      JOIN documents d ON d.rowid = cd.document_rowid WHERE c.slug = ? ORDER BY ${DESIGN_ORDER}, d.publication_year DESC, d.id LIMIT 5`);
    const subs = subjects(deps, a.compounds, 2);
    return {
      title: `Studies: ${subs.map((s) => s.record.name).join(', ')}`,
      statements: subs.flatMap(({ record: r, rec }) => {
        const rows = stmt.all(r.slug);
        if (!rows.length) return [{ text: sentence(`No document in the library mentions ${r.name}`), sources: [rec] }];
        return [
          {
            text: sentence(
              `${r.research_count} documents in the library mention ${r.name}; the strongest designs first`,
            ),
            sources: [rec],
          },
          ...rows.map((d) => ({ text: sentence(docLine(d)), sources: [cite.document(d)] })),
        ];
      }),
    };
  },
};
