/** Builds the chat service from the app's repositories (app factory). */
import type { CompoundRepo } from '../compounds/compound-repo.ts';
import type { Db } from '../db/connection.ts';
import type { DocumentRepo } from '../documents/document-repo.ts';
import type { MonographRepo } from '../monographs/monograph-repo.ts';
import type { Embedder } from '../search/embedder.ts';
import type { SearchService } from '../search/search-service.ts';
import type { ConversationStore } from './conversations.ts';
import type { LlmConfig } from '../config/environment.ts';
import { Orchestrator } from './orchestrator.ts';
import { ChatService } from './service.ts';
import { MeaningTriage } from './triage/meaning.ts';

export interface ChatSources {
  compounds: CompoundRepo;
  monographs: MonographRepo;
  documents: DocumentRepo;
  search: SearchService;
  conversations: ConversationStore;
  now: () => number;
}

export function createChatService(
  src: ChatSources,
  opts: {
    contentDb: Db;
    llm: LlmConfig | null;
    log: (msg: string, err?: unknown) => void;
    useResearchItems?: boolean;
    /** the server's embedding model, when one is loaded: the meaning layer of emergency triage */
    embedder?: () => Embedder | null;
  },
): ChatService {
  const deps = {
    content: opts.contentDb,
    compounds: src.compounds,
    monographs: src.monographs,
    documents: src.documents,
    search: src.search,
    tools: { content: opts.contentDb, compounds: src.compounds, monographs: src.monographs, now: src.now },
    useResearchItems: opts.useResearchItems ?? true,
    meaning: new MeaningTriage(opts.embedder ?? (() => null)),
    embedder: opts.embedder ?? (() => null),
  };
  return new ChatService(new Orchestrator(deps, opts.llm, opts.log), src.conversations, src.now);
}
