/**
 * The app factory: one Express app used by `npm start`, by the tests (supertest, in-process) and by Electron's
 * utility process. Every route comes from ENDPOINTS, so the OpenAPI document and the router cannot drift apart.
 */
import express, { type Express, type RequestHandler } from 'express';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';
import { rateLimitFor, type RateLimitRule } from '../../shared/rate-limits.ts';
import { CompoundRepo } from '../compounds/compound-repo.ts';
import { readContentInfo } from '../content/content-info.ts';
import type { Db } from '../db/connection.ts';
import { DocumentRepo } from '../documents/document-repo.ts';
import { KeyStore } from '../keys/key-store.ts';
import { MonographRepo } from '../monographs/monograph-repo.ts';
import { RateLimiter } from '../ratelimit/limiter.ts';
import type { Handler, HandlerMap } from './handlers.ts';
import { retryHandlersWhileBusy } from './busy-retry.ts';
import { DEFAULT_BUSY_DEADLINE_MS } from '../db/busy.ts';
import { HttpError } from './http-error.ts';
import { authenticate, refuseQueryKeys } from './middleware/auth.ts';
import { errorHandler, unknownRoute } from './middleware/errors.ts';
import { BODY_DEADLINE_MS, bodyErrors, readBody } from './middleware/json-body.ts';
import { hasBody } from './middleware/body-state.ts';
import { localOnly, refuseCrossSite } from './middleware/local-only.ts';
import { compressJson } from './middleware/compress-json.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { decodeParams, matchRoute } from './route-match.ts';
import { stderrLog, type Log } from './log.ts';
import { buildOpenApi } from './openapi.ts';
import { compoundHandlers } from './routes/compounds.ts';
import type { AppContext } from './routes/context.ts';
import { documentHandlers } from './routes/documents.ts';
import { monographHandlers } from './routes/monographs.ts';
import { vocabularyHandlers } from './routes/vocabulary.ts';
import { systemHandlers } from './routes/system.ts';
import { parseOrThrow } from './validation.ts';
import { SearchService } from '../search/search-service.ts';
import type { Semantic } from '../search/semantic.ts';
import { searchHandlers } from './routes/search.ts';
import { toolHandlers } from './routes/tools.ts';
import { apiKeyHandlers } from './routes/api-keys.ts';
import { webhookHandlers } from './routes/webhooks.ts';
import { insightHandlers } from './routes/insights.ts';
import { WebhookService } from '../webhooks/webhook-service.ts';
import type { Lookup } from '../webhooks/target-guard.ts';
import { ConversationStore } from '../chat/conversations.ts';
import { createChatService } from '../chat/create.ts';
import type { LlmConfig } from '../chat/llm.ts';
import type { ChatService } from '../chat/service.ts';
import { chatHandlers } from './routes/chat.ts';
import { rendererRouter } from './static-renderer.ts';
import { sessionHandlers } from './routes/session.ts';
import { SessionHandoff } from '../keys/session-handoff.ts';
import { mcpErrorHandler } from '../mcp/errors.ts';
import { mcpRouter } from '../mcp/http.ts';
import { oauthPathsRouter } from '../mcp/oauth-paths.ts';

export interface AppOptions {
  contentDb: Db;
  userDb: Db;
  version: string;
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: () => number;
  /** Check every response against its schema (tests); a mismatch becomes a 500 and is logged. */
  checkResponses?: boolean;
  log?: Log;
  /** How long a request body may take to arrive (default BODY_DEADLINE_MS); tests shorten it. */
  bodyDeadlineMs?: number;
  /** On-device embeddings; absent or without a model, search is lexical. */
  semantic?: Semantic | null;
  /** The built renderer to serve at / (headless mode); absent: API only. */
  rendererDir?: string;
  /** Webhooks: MATERIA_WEBHOOKS_ALLOW_PRIVATE=1 at start. */
  webhooks?: { allowPrivate?: boolean; lookup?: Lookup };
  /** How long a write waits for another process's database lock before the answer is 503 (default 4 s); tests shorten it. */
  dbBusyDeadlineMs?: number;
  /** Chat: the optional OpenAI-compatible language model (MATERIA_LLM_*), and the SSE heartbeat interval. */
  chat?: { llm?: LlmConfig | null; heartbeatMs?: number };
}

export interface MateriaApp {
  app: Express;
  context: AppContext;
  /** True when the built renderer is served at /. */
  hasRenderer: boolean;
}

export const toExpressPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

export function createApp(opts: AppOptions): MateriaApp {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? stderrLog;
  const compounds = new CompoundRepo(opts.contentDb);
  // Imported documents live in the user database; attaching it lets one query list both collections.
  const canAttach =
    opts.userDb.name !== ':memory:' &&
    !opts.contentDb.prepare("SELECT 1 FROM pragma_database_list WHERE name = 'user'").get();
  if (canAttach) opts.contentDb.prepare('ATTACH DATABASE ? AS user').run(opts.userDb.name);
  let openapiDoc: Record<string, unknown> | undefined;
  const context: AppContext = {
    version: opts.version,
    content: readContentInfo(opts.contentDb),
    compounds,
    monographs: new MonographRepo(opts.contentDb, compounds),
    documents: new DocumentRepo(opts.contentDb, opts.userDb.name !== ':memory:'),
    search: new SearchService(
      opts.contentDb,
      opts.userDb.name !== ':memory:',
      () => opts.semantic?.retriever() ?? null,
    ),
    semantic: opts.semantic ?? null,
    userDb: opts.userDb,
    now,
    keys: new KeyStore(opts.userDb, now),
    openapi: () => (openapiDoc ??= buildOpenApi(opts.version)),
    webhooks: new WebhookService(opts.userDb, {
      now,
      allowPrivateEnv: opts.webhooks?.allowPrivate ?? false,
      lookup: opts.webhooks?.lookup,
      userAgent: `Materia-Webhooks/${opts.version}`,
    }),
    conversations: new ConversationStore(opts.userDb),
    session: new SessionHandoff(now),
    chat: undefined as unknown as ChatService, // assigned just below: it reads the repositories above
  };
  context.chat = createChatService(context, {
    contentDb: opts.contentDb,
    llm: opts.chat?.llm ?? null,
    log,
    embedder: () => opts.semantic?.loadedEmbedder() ?? null,
  });
  const handlers: HandlerMap = retryHandlersWhileBusy(
    {
      ...systemHandlers(context),
      ...compoundHandlers(context),
      ...monographHandlers(context),
      ...documentHandlers(context),
      ...searchHandlers(context),
      ...toolHandlers(context, {
        content: opts.contentDb,
        compounds: context.compounds,
        monographs: context.monographs,
        now,
      }),
      ...apiKeyHandlers(context),
      ...webhookHandlers(context),
      ...insightHandlers(context, {
        content: opts.contentDb,
        compounds: context.compounds,
        monographs: context.monographs,
        now,
      }),
      ...chatHandlers(context, { heartbeatMs: opts.chat?.heartbeatMs, log }),
      ...sessionHandlers(context),
      ...vocabularyHandlers(opts.contentDb),
    },
    opts.dbBusyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS,
  );
  const limiter = new RateLimiter(now);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(compressJson);
  app.use(localOnly);

  const rules = new Map<string, RateLimitRule>();
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]) {
    const rule = rateLimitFor(`${endpoint.method} ${endpoint.path}`);
    if (!rule) throw new Error(`no rate limit row for ${endpoint.method} ${endpoint.path}`);
    rules.set(name, rule);
  }

  // Order matters: nothing about the request's content is looked at until it is known whose request it is and that it
  // may be made (edge checks → route → auth → rate limit → 404/405 → path parameters → body → handler).
  const api = express.Router();
  api.use(refuseCrossSite, refuseQueryKeys());
  api.use((req, _res, next) => {
    req.resolvedRoute = matchRoute(req.method, req.path);
    next();
  });
  api.use(
    authenticate(context.keys),
    rateLimit(limiter, (name) => rules.get(name)!),
  );
  api.use((req, res, next) => {
    const route = req.resolvedRoute!;
    if (route.kind === 'none') {
      next(new HttpError('not_found', `no route ${req.method} /v1${req.path}`));
      return;
    }
    if (route.kind === 'wrong_method') {
      next(
        new HttpError(
          'method_not_allowed',
          `${req.method} is not allowed here; use ${route.allow.join(' or ')}`,
          undefined,
          { Allow: route.allow.join(', ') },
        ),
      );
      return;
    }
    const decoded = decodeParams(route.rawParams);
    if ('bad' in decoded) {
      next(
        new HttpError('invalid_request', `invalid path parameter: ${decoded.bad}`, [
          { field: decoded.bad, message: 'is not valid percent-encoded UTF-8' },
        ]),
      );
      return;
    }
    // A body sent to a route that takes none is never read; closing the connection after the answer discards it.
    if (!route.endpoint.body && hasBody(req)) res.setHeader('Connection', 'close');
    next();
  });
  api.use(...readBody(opts.bodyDeadlineMs ?? BODY_DEADLINE_MS), bodyErrors);
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]) {
    const path = toExpressPath(endpoint.path).replace(/^\/v1/, '');
    api[endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](
      path,
      bind(name, endpoint, handlers[name] as Handler<EndpointName>, opts.checkResponses ?? false, log),
    );
  }
  app.use('/v1', api);
  // The Model Context Protocol: the same handlers, keys, scopes and rate-limit buckets as /v1 (src/main/mcp).
  // Its refusals (the Host/Origin checks above included) are JSON-RPC errors, which MCP clients can read.
  app.use(
    '/mcp',
    mcpRouter(
      {
        ctx: context,
        contentDb: opts.contentDb,
        llmUrl: opts.chat?.llm?.url ?? null,
        handlers,
        limiter,
        ruleOf: (name) => rules.get(name)!,
        log,
      },
      { bodyDeadlineMs: opts.bodyDeadlineMs ?? BODY_DEADLINE_MS },
    ),
    mcpErrorHandler(log),
  );
  // OAuth discovery and flow paths: a JSON 404 saying the server takes API keys (before the renderer's index.html).
  app.use(oauthPathsRouter());
  const renderer = opts.rendererDir ? rendererRouter(opts.rendererDir) : null;
  if (renderer) app.use(renderer);
  app.use(unknownRoute);
  app.use(errorHandler(log));
  return { app, context, hasRenderer: renderer !== null };
}

function bind(
  name: EndpointName,
  endpoint: Endpoint,
  handler: Handler<EndpointName>,
  checkResponses: boolean,
  log: Log,
): RequestHandler {
  return async (req, res, next) => {
    try {
      // The router must run the endpoint that auth and the limits were decided for (route-match.ts mirrors its matching).
      const resolved = req.resolvedRoute;
      if (resolved?.kind !== 'found' || resolved.name !== name)
        throw new Error(
          `route mismatch: resolved ${resolved?.kind === 'found' ? resolved.name : resolved?.kind}, dispatched ${name}`,
        );
      const input = {
        params: endpoint.params ? parseOrThrow(endpoint.params, req.params, 'path') : undefined,
        query: endpoint.query ? parseOrThrow(endpoint.query, req.query, 'query') : undefined,
        body: endpoint.body ? parseOrThrow(endpoint.body, req.body, 'body') : undefined,
        req,
        res,
      };
      if (!endpoint.query && Object.keys(req.query as object).length) {
        throw new HttpError(
          'invalid_request',
          'this route takes no query parameters',
          Object.keys(req.query as object).map((k) => ({ field: k, message: 'unknown parameter' })),
        );
      }
      const result = await handler(input as never);
      if (endpoint.stream) return; // the handler wrote the response (server-sent events)
      const body = endpoint.envelope === false ? result : { success: true, ...(result as object) };
      if (checkResponses) {
        const check = endpoint.response.safeParse(body);
        if (!check.success) {
          log(`response of ${endpoint.method} ${endpoint.path} does not match its schema`, check.error.issues);
          throw new Error('response schema mismatch');
        }
      }
      res.status(200).json(body);
    } catch (err) {
      next(err);
    }
  };
}
