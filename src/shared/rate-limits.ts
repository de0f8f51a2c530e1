/**
 * Rate limits per API key and per endpoint (spec §8). Rows marked `spec: false` are endpoints the spec does not
 * list (ours, or ones from DESIGN.md); they get limits in the same spirit and are documented in docs/api.md.
 * `hourlyBurst: 0` means no burst allowance.
 */
export interface RateLimitRule {
  /** Bucket id; routes that share a row share one bucket. */
  id: string;
  routes: readonly string[];
  perMinute: number;
  hourlyBurst: number;
  spec: boolean;
}

export const RATE_LIMITS: readonly RateLimitRule[] = [
  { id: 'compounds.search', routes: ['POST /v1/compounds/search'], perMinute: 100, hourlyBurst: 500, spec: true },
  { id: 'compounds.get', routes: ['GET /v1/compounds/{slug}'], perMinute: 200, hourlyBurst: 1000, spec: true },
  { id: 'compounds.batch', routes: ['POST /v1/batch/compounds'], perMinute: 50, hourlyBurst: 250, spec: true },
  { id: 'chat.completions', routes: ['POST /v1/chat/completions'], perMinute: 50, hourlyBurst: 300, spec: true },
  { id: 'chat.stream', routes: ['POST /v1/chat/stream'], perMinute: 50, hourlyBurst: 300, spec: true },
  { id: 'search', routes: ['POST /v1/search'], perMinute: 200, hourlyBurst: 1000, spec: true },
  { id: 'documents.list', routes: ['GET /v1/documents'], perMinute: 100, hourlyBurst: 500, spec: true },
  { id: 'monographs.list', routes: ['GET /v1/monographs'], perMinute: 100, hourlyBurst: 500, spec: true },
  { id: 'tools.bioage', routes: ['POST /v1/tools/bioage/calculate'], perMinute: 30, hourlyBurst: 200, spec: true },
  { id: 'tools.bloodwork', routes: ['POST /v1/tools/bloodwork/analyze'], perMinute: 20, hourlyBurst: 150, spec: true },
  { id: 'tools.inbody', routes: ['POST /v1/tools/inbody/analyze'], perMinute: 30, hourlyBurst: 200, spec: true },
  {
    id: 'tools.interactions',
    routes: ['POST /v1/tools/interactions/check'],
    perMinute: 50,
    hourlyBurst: 300,
    spec: true,
  },
  { id: 'tools.macros', routes: ['POST /v1/tools/macros/calculate'], perMinute: 50, hourlyBurst: 300, spec: true },
  { id: 'tools.nutrition', routes: ['POST /v1/tools/nutrition/analyze'], perMinute: 50, hourlyBurst: 300, spec: true },
  {
    id: 'tools.peptide_stack',
    routes: ['POST /v1/tools/peptide-stack/build'],
    perMinute: 20,
    hourlyBurst: 100,
    spec: true,
  },
  { id: 'tools.protocol', routes: ['POST /v1/tools/protocol/build'], perMinute: 10, hourlyBurst: 50, spec: true },
  {
    id: 'api_keys',
    routes: ['GET /v1/api-keys', 'POST /v1/api-keys', 'DELETE /v1/api-keys/{id}'],
    perMinute: 30,
    hourlyBurst: 100,
    spec: true,
  },
  {
    id: 'webhooks',
    routes: [
      'GET /v1/webhooks',
      'POST /v1/webhooks',
      'DELETE /v1/webhooks/{id}',
      'GET /v1/webhooks/{id}/deliveries',
      'POST /v1/webhooks/{id}/test',
      'POST /v1/webhooks/{id}/enable',
      'GET /v1/webhooks/settings',
      'PUT /v1/webhooks/settings',
    ],
    perMinute: 30,
    hourlyBurst: 100,
    spec: true,
  },
  { id: 'monographs.get', routes: ['GET /v1/monographs/{slug}'], perMinute: 100, hourlyBurst: 0, spec: true },
  { id: 'insights', routes: ['GET /v1/insights'], perMinute: 30, hourlyBurst: 0, spec: true },
  // Not in the spec's table:
  { id: 'documents.get', routes: ['GET /v1/documents/{id}'], perMinute: 200, hourlyBurst: 1000, spec: false },
  { id: 'documents.import', routes: ['POST /v1/documents/import'], perMinute: 10, hourlyBurst: 50, spec: false },
  { id: 'documents.delete', routes: ['DELETE /v1/documents/{id}'], perMinute: 60, hourlyBurst: 300, spec: false },
  { id: 'content', routes: ['GET /v1/content'], perMinute: 60, hourlyBurst: 0, spec: false },
  { id: 'health', routes: ['GET /v1/health'], perMinute: 600, hourlyBurst: 0, spec: false },
  { id: 'openapi', routes: ['GET /v1/openapi.json'], perMinute: 60, hourlyBurst: 0, spec: false },
  { id: 'session', routes: ['POST /v1/session', 'POST /v1/session/codes'], perMinute: 10, hourlyBurst: 0, spec: false },
  { id: 'agents', routes: ['GET /v1/agents'], perMinute: 60, hourlyBurst: 0, spec: false },
  {
    id: 'conversations',
    routes: ['GET /v1/conversations', 'GET /v1/conversations/{id}'],
    perMinute: 100,
    hourlyBurst: 500,
    spec: false,
  },
  { id: 'profile', routes: ['GET /v1/profile', 'PUT /v1/profile'], perMinute: 30, hourlyBurst: 0, spec: false },
  // one request per keystroke pause while a list is typed
  { id: 'vocabulary.suggest', routes: ['GET /v1/vocabulary/suggest'], perMinute: 300, hourlyBurst: 1000, spec: false },
  // each JSON-RPC message of a POST /mcp (a batch counts every message); a tool call is charged its /v1 row besides
  { id: 'mcp.messages', routes: ['POST /mcp'], perMinute: 300, hourlyBurst: 1000, spec: false },
];

/**
 * Requests with a valid key to a path or method that does not exist (404, 405) count here, per key, so the answer
 * carries X-RateLimit-* like every other keyed answer and a script probing paths is slowed like any other.
 */
export const UNROUTED_LIMIT: RateLimitRule = {
  id: 'unrouted',
  routes: ['any other method or path under /v1'],
  perMinute: 60,
  hourlyBurst: 0,
  spec: false,
};

/**
 * Chats in flight per key (both chat routes together, and MCP's `chat` tool): a chat at the input bounds costs about a
 * second of CPU, so one key sending many at once would take the server from everyone else whatever its per-minute
 * allowance. A chat beyond this while the key's others are still being answered is refused at once with 429
 * `rate_limited` and `Retry-After: CHAT_IN_FLIGHT_RETRY_AFTER_S` (issue 30). Two, so that a second tab or a retry
 * while the first answer still streams is not refused.
 */
export const CHAT_IN_FLIGHT_PER_KEY = 2;
export const CHAT_IN_FLIGHT_RETRY_AFTER_S = 1;

export function rateLimitFor(route: string): RateLimitRule | undefined {
  return RATE_LIMITS.find((r) => r.routes.includes(route));
}
