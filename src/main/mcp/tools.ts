/**
 * The MCP tools: each one is a /v1 endpoint of ENDPOINTS, called through the same handler, with the endpoint's own zod
 * schema as its input schema (so its JSON Schema is the one /v1/openapi.json shows) and the endpoint's scope and rate
 * limit. `sources` names the datasets of GET /v1/content the tool reads; their licences go out with every result.
 */
import type { z } from 'zod';
import type { EndpointName } from '../../shared/endpoints.ts';
import { CiteArgs, FetchArgs, GetManyArgs } from '../../shared/schemas/mcp.ts';

export interface McpToolDef {
  name: string;
  title: string;
  description: string;
  endpoint: EndpointName;
  /** Which part of the endpoint's request the tool's arguments are. */
  input: 'body' | 'query' | 'params';
  /**
   * true: reads only (annotated readOnlyHint). The calculators store a result when asked (`save: true`) and the
   * assistant stores the turn under a `conversation_id`, so they are not read-only (but never destructive).
   */
  readOnly: boolean;
  /** Content source ids (GET /v1/content `sources[].id`) this tool's answers come from. */
  sources: readonly string[];
  /** A record tool: takes `detail` (summary by default, detail.ts) and links the record's materia:// resource. */
  record?: 'compound' | 'monograph' | 'document';
  /** A listing (search, list_documents): takes `detail`; summary shortens long texts such as abstracts (detail.ts). */
  listing?: boolean;
  /** A calculator or the interaction checker: takes `detail`; summary leaves out what repeats (detail.ts). */
  sizedAnswer?: boolean;
  /** Arguments of its own instead of the endpoint's (fetch, which picks a record tool; `endpoint` gives its scope). */
  schema?: z.ZodType;
}

const DOCS = ['scifact', 'cord19', 'pubmedqa'];
const INTERACTION_SOURCES = [
  'ddinter',
  'onc-ddi',
  'nlm-spl-ddi',
  'materia-interaction-rules',
  'materia-editorial',
  'drugsatfda',
  'drugbank-vocabulary',
];

export const MCP_TOOLS: readonly McpToolDef[] = [
  {
    name: 'search',
    title: 'Search compounds, documents and research',
    endpoint: 'search',
    input: 'body',
    readOnly: true,
    listing: true,
    description:
      'Hybrid search (BM25 + embeddings) over compounds, research documents and research items, with filters, sort and paging. fetch a result by its id.',
    sources: ['materia-editorial', ...DOCS, 'drugbank-vocabulary', 'embedding-model'],
  },
  {
    name: 'get_compound',
    title: 'Get a compound',
    endpoint: 'compoundGet',
    input: 'params',
    readOnly: true,
    record: 'compound',
    description:
      'One compound by slug or name ("metformin", "Eliquis"): grade, dosing, side effects, interactions (most severe first), PubMed ids, editorial basis.',
    sources: ['materia-editorial', 'drugbank-vocabulary', ...INTERACTION_SOURCES],
  },
  {
    name: 'list_monographs',
    title: 'List monographs',
    endpoint: 'monographList',
    input: 'query',
    readOnly: true,
    description: 'Monographs, optionally filtered by text (q), category and evidence grade.',
    sources: ['materia-editorial'],
  },
  {
    name: 'get_monograph',
    title: 'Get a monograph',
    endpoint: 'monographGet',
    input: 'params',
    readOnly: true,
    record: 'monograph',
    description:
      'The monograph of a compound by slug or name: clinical evidence, indications, dosing, safety, interactions (most severe first), sources.',
    sources: ['materia-editorial', ...INTERACTION_SOURCES],
  },
  {
    name: 'fetch',
    title: 'Fetch a record',
    endpoint: 'compoundGet',
    input: 'params',
    readOnly: true,
    schema: FetchArgs,
    description:
      'One compound, monograph or document by materia:// URI, search result id, slug or name (the pair of search).',
    sources: ['materia-editorial', ...DOCS, ...INTERACTION_SOURCES],
  },
  {
    name: 'get_many',
    title: 'Fetch several records',
    endpoint: 'compoundGet',
    input: 'params',
    readOnly: true,
    schema: GetManyArgs,
    description:
      'Up to 20 compounds, monographs or documents, each id as fetch takes it; each item is the record or its error.',
    sources: ['materia-editorial', ...DOCS, ...INTERACTION_SOURCES],
  },
  {
    name: 'list_documents',
    title: 'List or search documents',
    endpoint: 'documentList',
    input: 'query',
    readOnly: true,
    listing: true,
    description:
      'Research documents: text search (q), evidence_grade ("A,B"), journal, from/to (YYYY or YYYY-MM-DD), compound slug, source.',
    sources: DOCS,
  },
  {
    name: 'get_document',
    title: 'Get a document',
    endpoint: 'documentGet',
    input: 'params',
    readOnly: true,
    record: 'document',
    description: 'One research document by id, with its DOI, PMID and URL when the source has them.',
    sources: DOCS,
  },
  {
    name: 'cite_documents',
    title: 'Cite documents',
    endpoint: 'documentGet',
    input: 'params',
    readOnly: true,
    schema: CiteArgs,
    description:
      "Research documents by id, or a monograph's sources by materia://monograph/{slug}, as BibTeX (default), RIS or CSL-JSON citations, from the records only.",
    sources: [...DOCS, 'materia-editorial'],
  },
  {
    name: 'check_interactions',
    title: 'Check interactions',
    endpoint: 'toolInteractions',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description:
      'Drug, supplement and food interactions among 2-30 substances (names, brands, classes, medication lines): each pair at the highest severity any source gives, with mechanism, management, unresolved names and coverage.',
    sources: INTERACTION_SOURCES,
  },
  {
    name: 'calculate_bioage',
    title: 'Biological age (PhenoAge)',
    endpoint: 'toolBioage',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'PhenoAge (Levine 2018) from nine blood biomarkers and age.',
    sources: ['nlm-lab-ranges'],
  },
  {
    name: 'analyze_bloodwork',
    title: 'Analyse bloodwork',
    endpoint: 'toolBloodwork',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description:
      'Lab results against NLM reference ranges with unit conversion; eGFR (CKD-EPI 2021) when creatinine is given.',
    sources: ['nlm-lab-ranges'],
  },
  {
    name: 'analyze_inbody',
    title: 'Analyse body composition',
    endpoint: 'toolInbody',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'Body composition: BMI, FFMI, fat and waist cut-offs.',
    sources: [],
  },
  {
    name: 'calculate_macros',
    title: 'Calculate macros',
    endpoint: 'toolMacros',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'Energy (Mifflin-St Jeor / Katch-McArdle) and macronutrient targets for a goal.',
    sources: [],
  },
  {
    name: 'analyze_nutrition',
    title: 'Analyse nutrition',
    endpoint: 'toolNutrition',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'Nutrients of a list of foods (USDA SR28) against FDA 2016 Daily Values.',
    sources: ['usda-sr28'],
  },
  {
    name: 'build_peptide_stack',
    title: 'Build a peptide stack',
    endpoint: 'toolPeptideStack',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'A stack of compounds for goals, with exclusions, duplication groups and interaction checks.',
    sources: ['materia-editorial', ...INTERACTION_SOURCES],
  },
  {
    name: 'build_protocol',
    title: 'Build a protocol',
    endpoint: 'toolProtocol',
    input: 'body',
    readOnly: false,
    sizedAnswer: true,
    description: 'A dosing protocol for a compound (label titration, kidney function).',
    sources: ['materia-editorial', ...INTERACTION_SOURCES],
  },
  {
    name: 'list_conversations',
    title: 'List stored conversations',
    endpoint: 'conversationList',
    input: 'query',
    readOnly: true,
    description:
      'Conversations stored by ask_assistant turns sent with a conversation_id, most recently updated first.',
    sources: [],
  },
  {
    name: 'get_conversation',
    title: 'Read a stored conversation',
    endpoint: 'conversationGet',
    input: 'params',
    readOnly: true,
    description: 'One stored conversation with its messages and their citations (also materia://conversation/{id}).',
    sources: [],
  },
  {
    name: 'ask_assistant',
    title: 'Ask the clinical assistant',
    endpoint: 'chatCompletions',
    input: 'body',
    readOnly: false,
    description:
      'A grounded, cited answer from the clinical assistant (safety triage first, then specialist agents over the local database).',
    sources: ['materia-editorial', ...DOCS, ...INTERACTION_SOURCES, 'nlm-lab-ranges', 'usda-sr28', 'embedding-model'],
  },
];
