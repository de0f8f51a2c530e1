/**
 * The services every handler may use, built once by the composition root (server/app.ts) and read by the /v1 handlers
 * and the MCP face alike.
 */
import type { CompoundRepo } from '../compounds/compound-repo.ts';
import type { DocumentRepo } from '../documents/document-repo.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { MonographRepo } from '../monographs/monograph-repo.ts';
import type { ContentInfo } from '../../shared/schemas/system.ts';
import type { Db } from '../db/connection.ts';
import type { SearchService } from '../search/search-service.ts';
import type { Semantic } from '../search/semantic.ts';
import type { WebhookService } from '../webhooks/webhook-service.ts';
import type { ChatService } from '../chat/service.ts';
import type { ConversationStore } from '../chat/conversations.ts';
import type { SessionHandoff } from '../keys/session-handoff.ts';

/** What route handlers may use. Built once by the app factory. */
export interface AppContext {
  version: string;
  content: ContentInfo;
  compounds: CompoundRepo;
  monographs: MonographRepo;
  documents: DocumentRepo;
  keys: KeyStore;
  userDb: Db;
  search: SearchService;
  semantic: Semantic | null;
  now: () => number;
  openapi: () => Record<string, unknown>;
  /** Webhook endpoints, the outbox (emit inside the change's transaction) and delivery. */
  webhooks: WebhookService;
  /** Clinical chat: the orchestrator and its agents, and stored conversations. */
  chat: ChatService;
  conversations: ConversationStore;
  /** One-time codes that the web UI trades for this launch's browser key. */
  session: SessionHandoff;
}
