/**
 * The composition root: the one place that builds the services and the handler map and mounts both faces on one
 * Express app, /v1 (v1-router.ts) and /mcp (src/main/mcp), over the shared HTTP edge (src/main/http). Used by
 * `npm start`, by the tests (supertest, in-process) and by Electron's utility process. It is the only module that
 * imports both faces (a dependency-cruiser rule, .dependency-cruiser.cjs).
 */
import express, { type Express } from 'express';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';
import { rateLimitFor, type RateLimitRule } from '../../shared/rate-limits.ts';
import { CompoundRepo } from '../compounds/compound-repo.ts';
import { readContentInfo } from '../content/content-info.ts';
import type { Db } from '../db/connection.ts';
import { DocumentRepo } from '../documents/document-repo.ts';
import { KeyStore } from '../keys/key-store.ts';
import { MonographRepo } from '../monographs/monograph-repo.ts';
import { RateLimiter } from '../ratelimit/limiter.ts';
import type { HandlerMap } from '../http/handlers.ts';
import { limitChatsInFlight } from '../http/chat-in-flight.ts';
import { retryHandlersWhileBusy } from '../http/busy-retry.ts';
import { DEFAULT_BUSY_DEADLINE_MS } from '../db/busy.ts';
import { errorHandler, unknownRoute } from '../http/middleware/errors.ts';
import { BODY_DEADLINE_MS } from '../http/middleware/json-body.ts';
import { localOnly } from '../http/middleware/local-only.ts';
import { compressJson } from '../http/middleware/compress-json.ts';
import { stderrLog, type Log } from '../http/log.ts';
import { buildOpenApi } from './openapi.ts';
import { v1Router } from './v1-router.ts';
import { compoundHandlers } from './routes/compounds.ts';
import type { AppContext } from '../http/app-context.ts';
import { documentHandlers } from './routes/documents.ts';
import { monographHandlers } from './routes/monographs.ts';
import { vocabularyHandlers } from './routes/vocabulary.ts';
import { systemHandlers } from './routes/system.ts';
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
import type { LlmConfig } from '../config/environment.ts';
import type { ChatService } from '../chat/service.ts';
import { chatHandlers } from './routes/chat.ts';
import { rendererRouter } from './static-renderer.ts';
import { sessionHandlers } from './routes/session.ts';
import { SessionHandoff } from '../keys/session-handoff.ts';
import { mcpErrorHandler } from '../mcp/errors.ts';
import { mcpOpenApiOperation } from '../mcp/openapi-operation.ts';
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
    openapi: () => (openapiDoc ??= buildOpenApi(opts.version, { '/mcp': { post: mcpOpenApiOperation() } })),
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
  const handlers: HandlerMap = limitChatsInFlight(
    retryHandlersWhileBusy(
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
    ),
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

  app.use(
    '/v1',
    v1Router({
      keys: context.keys,
      handlers,
      limiter,
      ruleOf: (name) => rules.get(name)!,
      bodyDeadlineMs: opts.bodyDeadlineMs ?? BODY_DEADLINE_MS,
      checkResponses: opts.checkResponses ?? false,
      log,
    }),
  );
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
