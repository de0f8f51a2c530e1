/**
 * The API contract, once: every /v1 route with its scope and schemas. The server binds a handler to each entry,
 * /v1/openapi.json is generated from this list, and the typed client calls through it.
 */
import { z } from 'zod';
import type { Scope } from './enums.ts';
import {
  BatchCompoundsRequest, BatchCompoundsResponse, CompoundRecord, CompoundSearchRequest, CompoundSearchResponse,
  CompoundSlugParams,
} from './schemas/compounds.ts';
import { DocumentIdParams, DocumentImportRequest, DocumentImportResponse, DocumentListQuery, DocumentListResponse, DocumentResponse } from './schemas/documents.ts';
import { MonographListQuery, MonographListResponse, MonographResponse, MonographSlugParams } from './schemas/monographs.ts';
import { ContentResponse, HealthResponse } from './schemas/system.ts';
import { SemanticSearchRequest, SemanticSearchResponse } from './schemas/search.ts';
import { success } from './schemas/common.ts';
import { BioageData, BioageRequest } from './schemas/tools/bioage.ts';
import { BloodworkData, BloodworkRequest } from './schemas/tools/bloodwork.ts';
import { InbodyData, InbodyRequest } from './schemas/tools/inbody.ts';
import { InteractionsData, InteractionsRequest } from './schemas/tools/interactions.ts';
import { MacrosData, MacrosRequest } from './schemas/tools/macros.ts';
import { NutritionData, NutritionRequest } from './schemas/tools/nutrition.ts';
import { PeptideStackData, PeptideStackRequest } from './schemas/tools/peptide-stack.ts';
import { ProtocolData, ProtocolRequest } from './schemas/tools/protocol.ts';


export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /v1/compounds/{slug} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** null: no key needed. */
  scope: Scope | null;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status codes this route can answer with besides 200 and the auth/limit errors every keyed route has. */
  errors: readonly number[];
  /** false: the response is sent as is, without the {success, data} envelope. */
  envelope?: false;
}

const define = <const E extends Record<string, Endpoint>>(e: E) => e;

export const ENDPOINTS = define({
  health: {
    method: 'GET', path: '/v1/health', tag: 'System', scope: null, errors: [],
    summary: 'Server status, versions, content counts and which search mode runs',
    response: HealthResponse,
  },
  openapi: {
    method: 'GET', path: '/v1/openapi.json', tag: 'System', scope: null, errors: [], envelope: false,
    summary: 'This document (OpenAPI 3.1)',
    response: z.record(z.string(), z.unknown()),
  },
  content: {
    method: 'GET', path: '/v1/content', tag: 'System', scope: 'read', errors: [],
    summary: 'Content database version, counts, and every data source with its licence',
    response: ContentResponse,
  },
  search: {
    method: 'POST', path: '/v1/search', tag: 'Search', scope: 'read', errors: [400],
    summary: 'Semantic search across compounds, documents and research items',
    description: 'Hybrid (FTS5 BM25 fused with on-device embeddings) when an embedding index is ready, lexical otherwise; '
      + '`data.search_mode` says which ran. Facets count the whole filtered result set.',
    body: SemanticSearchRequest,
    response: SemanticSearchResponse,
  },
  compoundSearch: {
    method: 'POST', path: '/v1/compounds/search', tag: 'Compounds', scope: 'read', errors: [400],
    summary: 'Search compounds with filters',
    description: 'Exact name or alternative-name matches rank first, then BM25 over name, alternative names, description and benefits. '
      + 'A query of "*" matches every compound (for browsing with filters).',
    body: CompoundSearchRequest,
    response: CompoundSearchResponse,
  },
  compoundGet: {
    method: 'GET', path: '/v1/compounds/{slug}', tag: 'Compounds', scope: 'read', errors: [400, 404],
    summary: 'One compound record',
    params: CompoundSlugParams,
    response: success(CompoundRecord),
  },
  compoundBatch: {
    method: 'POST', path: '/v1/batch/compounds', tag: 'Compounds', scope: 'read', errors: [400],
    summary: 'Up to 100 compounds by slug, in request order',
    body: BatchCompoundsRequest,
    response: BatchCompoundsResponse,
  },
  monographList: {
    method: 'GET', path: '/v1/monographs', tag: 'Monographs', scope: 'read', errors: [400],
    summary: 'List and search monographs',
    query: MonographListQuery,
    response: MonographListResponse,
  },
  monographGet: {
    method: 'GET', path: '/v1/monographs/{slug}', tag: 'Monographs', scope: 'read', errors: [400, 404],
    summary: 'The full monograph of a compound',
    params: MonographSlugParams,
    response: MonographResponse,
  },
  documentList: {
    method: 'GET', path: '/v1/documents', tag: 'Documents', scope: 'read', errors: [400],
    summary: 'List and search research documents',
    query: DocumentListQuery,
    response: DocumentListResponse,
  },
  documentGet: {
    method: 'GET', path: '/v1/documents/{id}', tag: 'Documents', scope: 'read', errors: [400, 404],
    summary: 'One research document',
    params: DocumentIdParams,
    response: DocumentResponse,
  },
  toolBioage: {
    method: 'POST', path: '/v1/tools/bioage/calculate', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'PhenoAge (Levine 2018): phenotypic age, age acceleration and mortality score from nine biomarkers',
    body: BioageRequest,
    response: success(BioageData),
  },
  toolBloodwork: {
    method: 'POST', path: '/v1/tools/bloodwork/analyze', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'Lab panel against LOINC-coded reference ranges, with unit conversion and status per value',
    body: BloodworkRequest,
    response: success(BloodworkData),
  },
  toolInbody: {
    method: 'POST', path: '/v1/tools/inbody/analyze', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'Body composition: BMI, fat-free mass index, body-fat category, visceral fat, ECW/TBW and waist ratios',
    body: InbodyRequest,
    response: success(InbodyData),
  },
  toolInteractions: {
    method: 'POST', path: '/v1/tools/interactions/check', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'Every interacting pair among 2-30 substances (DDInter and the knowledge base)',
    body: InteractionsRequest,
    response: success(InteractionsData),
  },
  toolMacros: {
    method: 'POST', path: '/v1/tools/macros/calculate', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'BMR (Mifflin-St Jeor or Katch-McArdle), TDEE, target calories and macronutrients',
    body: MacrosRequest,
    response: success(MacrosData),
  },
  toolNutrition: {
    method: 'POST', path: '/v1/tools/nutrition/analyze', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'Nutrients and % Daily Value of foods (USDA SR28) with household measures',
    body: NutritionRequest,
    response: success(NutritionData),
  },
  toolPeptideStack: {
    method: 'POST', path: '/v1/tools/peptide-stack/build', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'A goal-based stack from the knowledge base, checked for interactions',
    body: PeptideStackRequest,
    response: success(PeptideStackData),
  },
  toolProtocol: {
    method: 'POST', path: '/v1/tools/protocol/build', tag: 'Tools', scope: 'tools', errors: [400],
    summary: 'A phased, week-by-week protocol with monitoring labs and stop criteria',
    body: ProtocolRequest,
    response: success(ProtocolData),
  },
  documentImport: {
    method: 'POST', path: '/v1/documents/import', tag: 'Documents', scope: 'admin', errors: [400],
    summary: 'Import your own documents (JSON records, JSON lines or PubMed XML) into the local library',
    description: 'Each record is checked on its own: valid ones are stored and searchable at once, invalid ones are reported with '
      + 'their position and fields. A record is recognised by PMID, else DOI, else id, else title, so re-importing updates it. '
      + 'The whole request is a 400 only when no record could be imported. For files over 1 MB use `npm run import -- <file>`.',
    body: DocumentImportRequest,
    response: DocumentImportResponse,
  },
});

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointOf<N extends EndpointName> = (typeof ENDPOINTS)[N];
