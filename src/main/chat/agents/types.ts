/**
 * A specialist agent: what it covers and reads (for GET /v1/agents), how strongly a question calls for it
 * (`route`, 0–1; the orchestrator runs those at 0.5 and above), and `run`, which reads the local database or a
 * tool and returns statements, each backed by the records it rests on.
 */
import type { AgentInfo } from '../../../shared/schemas/chat.ts';
import type { z } from 'zod';
import type { CompoundRepo } from '../../compounds/compound-repo.ts';
import type { Db } from '../../db/connection.ts';
import type { DocumentRepo } from '../../documents/document-repo.ts';
import type { MonographRepo } from '../../monographs/monograph-repo.ts';
import type { SearchService } from '../../search/search-service.ts';
import type { ToolContext } from '../../tools/tool.ts';
import type { Analysis } from '../analyze.ts';
import type { AgentOutput } from '../evidence.ts';
import type { MeaningTriage } from '../triage/meaning.ts';
import type { Embedder } from '../../search/embedder.ts';

export interface AgentDeps {
  content: Db;
  compounds: CompoundRepo;
  monographs: MonographRepo;
  documents: DocumentRepo;
  search: SearchService;
  tools: ToolContext;
  /** false: research questions are answered from the abstracts alone, not by matching the stored PubMedQA questions (evaluation). */
  useResearchItems: boolean;
  /** the meaning layer of emergency triage (off without an embedding model) */
  meaning: MeaningTriage;
  /** the server's embedding model once loaded (null without one): meaning checks beside the word rules */
  embedder: () => Embedder | null;
}

export type AgentMeta = z.infer<typeof AgentInfo>;

export interface Agent extends AgentMeta {
  route(a: Analysis): number;
  run(a: Analysis, deps: AgentDeps): AgentOutput | Promise<AgentOutput>;
}
