/**
 * The API contract, once: every /v1 route with its scope and schemas. The server binds a handler to each entry,
 * /v1/openapi.json is generated from this list, and the typed client calls through it.
 */
import { z } from 'zod';
import type { Scope } from './enums.ts';
import {
  BatchCompoundsRequest,
  BatchCompoundsResponse,
  CompoundRecord,
  CompoundSearchRequest,
  CompoundSearchResponse,
  CompoundSlugParams,
} from './schemas/compounds.ts';
import {
  DocumentIdParams,
  DocumentImportRequest,
  DocumentImportResponse,
  DocumentListQuery,
  DocumentListResponse,
  DocumentResponse,
} from './schemas/documents.ts';
import {
  MonographListQuery,
  MonographListResponse,
  MonographResponse,
  MonographSlugParams,
} from './schemas/monographs.ts';
import { ContentResponse, HealthResponse } from './schemas/system.ts';
import { SemanticSearchRequest, SemanticSearchResponse } from './schemas/search.ts';
import { NameSuggestQuery, NameSuggestResponse } from './schemas/vocabulary.ts';
import { success } from './schemas/common.ts';
import { SessionCodeResponse, SessionExchangeRequest, SessionExchangeResponse } from './schemas/session.ts';
import { BioageData, BioageRequest } from './schemas/tools/bioage.ts';
import { BloodworkData, BloodworkRequest } from './schemas/tools/bloodwork.ts';
import { InbodyData, InbodyRequest } from './schemas/tools/inbody.ts';
import { InteractionsData, InteractionsRequest } from './schemas/tools/interactions.ts';
import { MacrosData, MacrosRequest } from './schemas/tools/macros.ts';
import { NutritionData, NutritionRequest } from './schemas/tools/nutrition.ts';
import { PeptideStackData, PeptideStackRequest } from './schemas/tools/peptide-stack.ts';
import { ProtocolData, ProtocolRequest } from './schemas/tools/protocol.ts';
import {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyIdParams,
  ApiKeyListQuery,
  ApiKeyListResponse,
  ApiKeyResponse,
} from './schemas/api-keys.ts';
import {
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryResponse,
  WebhookCreateRequest,
  WebhookCreateResponse,
  WebhookIdParams,
  WebhookListResponse,
  WebhookResponse,
  WebhookSettingsRequest,
  WebhookSettingsResponse,
} from './schemas/webhooks.ts';
import { InsightListQuery, InsightListResponse, ProfilePutRequest, ProfileResponse } from './schemas/insights.ts';
import {
  AgentListResponse,
  ChatCompletionResponse,
  ChatRequest,
  ChatStreamEvent,
  ConversationIdParams,
  ConversationListQuery,
  ConversationListResponse,
  ConversationResponse,
} from './schemas/chat.ts';

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
  /** true: the handler writes the response itself (server-sent events); `response` describes one event. */
  stream?: true;
}

const define = <const E extends Record<string, Endpoint>>(e: E) => e;

export const ENDPOINTS = define({
  health: {
    method: 'GET',
    path: '/v1/health',
    tag: 'System',
    scope: null,
    errors: [],
    summary: 'Server status, versions, content counts and which search mode runs',
    response: HealthResponse,
  },
  openapi: {
    method: 'GET',
    path: '/v1/openapi.json',
    tag: 'System',
    scope: null,
    errors: [],
    envelope: false,
    summary: 'This document (OpenAPI 3.1)',
    response: z.record(z.string(), z.unknown()),
  },
  sessionExchange: {
    method: 'POST',
    path: '/v1/session',
    tag: 'System',
    scope: null,
    errors: [400, 401],
    summary: "Trade a one-time code from the web UI link for this launch's browser key",
    description:
      'The link `npm start` prints carries a code, not a key: it works once and for a few minutes, so a copy of the ' +
      'terminal output is worthless once the page has used it. A code that is unknown, used or expired is a 401.',
    body: SessionExchangeRequest,
    response: SessionExchangeResponse,
  },
  sessionCode: {
    method: 'POST',
    path: '/v1/session/codes',
    tag: 'System',
    scope: 'admin',
    errors: [404],
    summary: 'A new one-time link to the web UI (for another browser, or after the printed one expired)',
    response: SessionCodeResponse,
  },
  content: {
    method: 'GET',
    path: '/v1/content',
    tag: 'System',
    scope: 'read',
    errors: [],
    summary: 'Content database version, counts, and every data source with its licence',
    response: ContentResponse,
  },
  search: {
    method: 'POST',
    path: '/v1/search',
    tag: 'Search',
    scope: 'read',
    errors: [400],
    summary: 'Semantic search across compounds, documents and research items',
    description:
      'Hybrid (FTS5 BM25 fused with on-device embeddings) when an embedding index is ready, lexical otherwise; ' +
      '`data.search_mode` says which ran. Facets count the whole filtered result set.',
    body: SemanticSearchRequest,
    response: SemanticSearchResponse,
  },
  compoundSearch: {
    method: 'POST',
    path: '/v1/compounds/search',
    tag: 'Compounds',
    scope: 'read',
    errors: [400],
    summary: 'Search compounds with filters',
    description:
      'Exact name or alternative-name matches rank first, then BM25 over name, alternative names, description and benefits. ' +
      'A query of "*" matches every compound (for browsing with filters).',
    body: CompoundSearchRequest,
    response: CompoundSearchResponse,
  },
  compoundGet: {
    method: 'GET',
    path: '/v1/compounds/{slug}',
    tag: 'Compounds',
    scope: 'read',
    errors: [400, 404],
    summary: 'One compound record',
    params: CompoundSlugParams,
    response: success(CompoundRecord),
  },
  compoundBatch: {
    method: 'POST',
    path: '/v1/batch/compounds',
    tag: 'Compounds',
    scope: 'read',
    errors: [400],
    summary: 'Up to 100 compounds by slug, in request order',
    body: BatchCompoundsRequest,
    response: BatchCompoundsResponse,
  },
  nameSuggest: {
    method: 'GET',
    path: '/v1/vocabulary/suggest',
    tag: 'Vocabulary',
    scope: 'read',
    errors: [400],
    summary: 'What a name being typed could be (autocomplete for medication lists)',
    description:
      'The name part of `q` (a dose or frequency after it is ignored) read exactly if it already names a substance, then ' +
      'close names: typos within 1–2 edits, then names it begins (from 4 characters), one per substance, named as the interaction ' +
      'checker names it. Brands of several countries, combinations, abbreviations and class words count.',
    query: NameSuggestQuery,
    response: NameSuggestResponse,
  },
  monographList: {
    method: 'GET',
    path: '/v1/monographs',
    tag: 'Monographs',
    scope: 'read',
    errors: [400],
    summary: 'List and search monographs',
    query: MonographListQuery,
    response: MonographListResponse,
  },
  monographGet: {
    method: 'GET',
    path: '/v1/monographs/{slug}',
    tag: 'Monographs',
    scope: 'read',
    errors: [400, 404],
    summary: 'The full monograph of a compound',
    params: MonographSlugParams,
    response: MonographResponse,
  },
  documentList: {
    method: 'GET',
    path: '/v1/documents',
    tag: 'Documents',
    scope: 'read',
    errors: [400],
    summary: 'List and search research documents',
    query: DocumentListQuery,
    response: DocumentListResponse,
  },
  documentGet: {
    method: 'GET',
    path: '/v1/documents/{id}',
    tag: 'Documents',
    scope: 'read',
    errors: [400, 404],
    summary: 'One research document',
    params: DocumentIdParams,
    response: DocumentResponse,
  },
  toolBioage: {
    method: 'POST',
    path: '/v1/tools/bioage/calculate',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'PhenoAge (Levine 2018): phenotypic age, age acceleration and mortality score from nine biomarkers',
    body: BioageRequest,
    response: success(BioageData),
  },
  toolBloodwork: {
    method: 'POST',
    path: '/v1/tools/bloodwork/analyze',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'Lab panel against LOINC-coded reference ranges, with unit conversion and status per value',
    body: BloodworkRequest,
    response: success(BloodworkData),
  },
  toolInbody: {
    method: 'POST',
    path: '/v1/tools/inbody/analyze',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'Body composition: BMI, fat-free mass index, body-fat category, visceral fat, ECW/TBW and waist ratios',
    body: InbodyRequest,
    response: success(InbodyData),
  },
  toolInteractions: {
    method: 'POST',
    path: '/v1/tools/interactions/check',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'Every interacting pair among 2-30 substances (DDInter and the knowledge base)',
    body: InteractionsRequest,
    response: success(InteractionsData),
  },
  toolMacros: {
    method: 'POST',
    path: '/v1/tools/macros/calculate',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'BMR (Mifflin-St Jeor or Katch-McArdle), TDEE, target calories and macronutrients',
    body: MacrosRequest,
    response: success(MacrosData),
  },
  toolNutrition: {
    method: 'POST',
    path: '/v1/tools/nutrition/analyze',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'Nutrients and % Daily Value of foods (USDA SR28) with household measures',
    body: NutritionRequest,
    response: success(NutritionData),
  },
  toolPeptideStack: {
    method: 'POST',
    path: '/v1/tools/peptide-stack/build',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'A goal-based stack from the knowledge base, checked for interactions',
    body: PeptideStackRequest,
    response: success(PeptideStackData),
  },
  toolProtocol: {
    method: 'POST',
    path: '/v1/tools/protocol/build',
    tag: 'Tools',
    scope: 'tools',
    errors: [400],
    summary: 'A phased, week-by-week protocol with monitoring labs and stop criteria',
    body: ProtocolRequest,
    response: success(ProtocolData),
  },
  documentImport: {
    method: 'POST',
    path: '/v1/documents/import',
    tag: 'Documents',
    scope: 'admin',
    errors: [400],
    summary: 'Import your own documents (JSON records, JSON lines or PubMed XML) into the local library',
    description:
      'Each record is checked on its own: valid ones are stored and searchable at once, invalid ones are reported with ' +
      'their position and fields. A record is recognised by PMID, else DOI, else id, else title, so re-importing updates it. ' +
      'The whole request is a 400 only when no record could be imported. For files over 1 MB use `npm run import -- <file>`.',
    body: DocumentImportRequest,
    response: DocumentImportResponse,
  },
  documentDelete: {
    method: 'DELETE',
    path: '/v1/documents/{id}',
    tag: 'Documents',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Delete an imported document from your library',
    description:
      'Only imported documents (ids imported-…) can be deleted; a bundled document is a 400 naming `id`. The response is the ' +
      'deleted document. It leaves full-text search at once and the embedding index within seconds; importing it again brings it back.',
    params: DocumentIdParams,
    response: DocumentResponse,
  },
  // API keys, webhooks, profile and insights (issue 7)
  apiKeyList: {
    method: 'GET',
    path: '/v1/api-keys',
    tag: 'API keys',
    scope: 'admin',
    errors: [400],
    summary: 'List API keys (never their secrets), newest first',
    query: ApiKeyListQuery,
    response: ApiKeyListResponse,
  },
  apiKeyCreate: {
    method: 'POST',
    path: '/v1/api-keys',
    tag: 'API keys',
    scope: 'admin',
    errors: [400],
    summary: 'Create a key: the full key is in this response only',
    description:
      'A key never gets more scopes than the key creating it (403 otherwise), nor a later expiry. Emits api_key.created.',
    body: ApiKeyCreateRequest,
    response: ApiKeyCreateResponse,
  },
  apiKeyRevoke: {
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    tag: 'API keys',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Revoke a key: the next request with it is a 401',
    description: 'Idempotent: revoking a revoked key returns it unchanged. Emits api_key.revoked once.',
    params: ApiKeyIdParams,
    response: ApiKeyResponse,
  },
  webhookList: {
    method: 'GET',
    path: '/v1/webhooks',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [],
    summary: 'List webhook endpoints (never their secrets)',
    response: WebhookListResponse,
  },
  webhookCreate: {
    method: 'POST',
    path: '/v1/webhooks',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400],
    summary: 'Register an endpoint: the whsec_ signing secret is in this response only',
    description:
      'Deliveries are signed with Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). URLs resolving to loopback, ' +
      "private, link-local, CGNAT or metadata addresses are refused unless local targets are enabled; this app's own port always is.",
    body: WebhookCreateRequest,
    response: WebhookCreateResponse,
  },
  webhookSettingsGet: {
    method: 'GET',
    path: '/v1/webhooks/settings',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [],
    summary: 'Whether webhook URLs on this machine or the local network are allowed',
    response: WebhookSettingsResponse,
  },
  webhookSettingsPut: {
    method: 'PUT',
    path: '/v1/webhooks/settings',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400],
    summary: 'Allow or refuse local webhook targets (checked again at every delivery)',
    body: WebhookSettingsRequest,
    response: WebhookSettingsResponse,
  },
  webhookDelete: {
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Delete an endpoint and its delivery log; pending deliveries to it are dropped',
    params: WebhookIdParams,
    response: WebhookResponse,
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/v1/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Delivery log of an endpoint, newest first: attempts, status codes, timings, next retry',
    params: WebhookIdParams,
    query: DeliveryListQuery,
    response: DeliveryListResponse,
  },
  webhookTest: {
    method: 'POST',
    path: '/v1/webhooks/{id}/test',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Send a signed ping now (one attempt, no retries) and return the delivery',
    params: WebhookIdParams,
    response: DeliveryResponse,
  },
  webhookEnable: {
    method: 'POST',
    path: '/v1/webhooks/{id}/enable',
    tag: 'Webhooks',
    scope: 'admin',
    errors: [400, 404],
    summary: 'Re-enable a disabled endpoint; its paused deliveries are retried at once',
    description: 'The URL is checked against the address guard again first.',
    params: WebhookIdParams,
    response: WebhookResponse,
  },
  profileGet: {
    method: 'GET',
    path: '/v1/profile',
    tag: 'Insights',
    scope: 'read',
    errors: [],
    summary: 'Your profile: sex, birth year, goals, current compounds and medications',
    response: ProfileResponse,
  },
  profilePut: {
    method: 'PUT',
    path: '/v1/profile',
    tag: 'Insights',
    scope: 'tools',
    errors: [400],
    summary: 'Replace your profile (fields left out are cleared)',
    body: ProfilePutRequest,
    response: ProfileResponse,
  },
  insightList: {
    method: 'GET',
    path: '/v1/insights',
    tag: 'Insights',
    scope: 'read',
    errors: [400],
    summary: 'Personalised insights from your profile and saved tool results, most severe then newest first',
    description:
      'Found by fixed rules (lab out of range or worsening, biological-age change, stack interactions, evidence notes, ' +
      'body-composition change, goal-aligned suggestions). Each is stored once and emits insight.created when first found; ' +
      'only insights that still apply are listed.',
    query: InsightListQuery,
    response: InsightListResponse,
  },
  // Clinical chat (issue 6)
  chatCompletions: {
    method: 'POST',
    path: '/v1/chat/completions',
    tag: 'Chat',
    scope: 'chat',
    errors: [400, 502],
    envelope: false,
    summary: 'One grounded, cited answer from the clinical agent system',
    description:
      'The orchestrator routes the last user message to specialist agents that read the local database and tools; every statement ' +
      'carries [n] markers of the records in `citations`. A safety agent runs on every turn. With MATERIA_LLM_URL set, a language model ' +
      'phrases the answer from the same evidence (502 if it breaks off mid-answer). Token counts: cl100k_base. ' +
      'The message object is the whole response body (spec §4.7: id, content, usage at the top level; no {success, data} envelope); ' +
      'errors keep the error envelope.',
    body: ChatRequest,
    response: ChatCompletionResponse,
  },
  chatStream: {
    method: 'POST',
    path: '/v1/chat/stream',
    tag: 'Chat',
    scope: 'chat',
    errors: [400],
    stream: true,
    summary: 'The same answer as server-sent events',
    description:
      'Events: message_start, content_block_start (with the citations), content_block_delta (text pieces), content_block_stop, ' +
      'message_delta (stop_reason, usage), message_stop; `: heartbeat` comment lines while working; a failure after the first byte is an ' +
      '`error` event followed by a clean close. Request errors before the stream starts are ordinary JSON errors.',
    body: ChatRequest,
    response: ChatStreamEvent,
  },
  agentList: {
    method: 'GET',
    path: '/v1/agents',
    tag: 'Chat',
    scope: 'chat',
    errors: [],
    summary: 'The agent registry: what each agent covers and which data or tools it reads',
    response: AgentListResponse,
  },
  conversationList: {
    method: 'GET',
    path: '/v1/conversations',
    tag: 'Chat',
    scope: 'chat',
    errors: [400],
    summary: 'Stored conversations (turns sent with a conversation_id), most recently updated first',
    query: ConversationListQuery,
    response: ConversationListResponse,
  },
  conversationGet: {
    method: 'GET',
    path: '/v1/conversations/{id}',
    tag: 'Chat',
    scope: 'chat',
    errors: [400, 404],
    summary: 'One conversation with its messages and their citations',
    params: ConversationIdParams,
    response: ConversationResponse,
  },
});

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointOf<N extends EndpointName> = (typeof ENDPOINTS)[N];
