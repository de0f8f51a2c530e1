/**
 * Stored chat history (user database, migration 0006). A turn is the user's question and the assistant's answer,
 * appended together once the answer is complete; a stream the client abandons stores nothing.
 */
import type { Db } from '../db/connection.ts';
import type { Citation } from '../../shared/schemas/chat.ts';

export interface TurnRecord {
  conversationId: string;
  question: string;
  answer: string;
  messageId: string;
  citations: Citation[];
  agents: string[];
  stopReason: 'end_turn' | 'max_tokens';
  usage: { input_tokens: number; output_tokens: number };
  apiKeyId: string | null;
  now: number;
}

interface SummaryRow {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  turns: number;
}
interface MessageRow {
  role: 'user' | 'assistant';
  text: string;
  created_at: string;
  message_id: string | null;
  citations: string;
  agents: string;
  stop_reason: 'end_turn' | 'max_tokens' | null;
  input_tokens: number | null;
  output_tokens: number | null;
}

const TITLE_CHARS = 80;

export function titleOf(question: string): string {
  const one = question.replace(/\s+/g, ' ').trim();
  return one.length <= TITLE_CHARS ? one : `${one.slice(0, TITLE_CHARS - 1).trimEnd()}…`;
}

export class ConversationStore {
  constructor(private readonly db: Db) {}

  appendTurn(t: TurnRecord): void {
    const at = new Date(t.now).toISOString();
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO conversations (id, title, created_at, updated_at, api_key_id) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at`,
        )
        .run(t.conversationId, titleOf(t.question), at, at, t.apiKeyId);
      const next = this.db
        .prepare<[string], { n: number }>(
          'SELECT coalesce(max(seq), 0) + 1 AS n FROM conversation_messages WHERE conversation_id = ?',
        )
        .get(t.conversationId)!.n;
      const insert = this.db.prepare(`INSERT INTO conversation_messages
        (conversation_id, seq, role, text, message_id, citations, agents, stop_reason, input_tokens, output_tokens, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      insert.run(t.conversationId, next, 'user', t.question, null, '[]', '[]', null, null, null, at);
      insert.run(
        t.conversationId,
        next + 1,
        'assistant',
        t.answer,
        t.messageId,
        JSON.stringify(t.citations),
        JSON.stringify(t.agents),
        t.stopReason,
        t.usage.input_tokens,
        t.usage.output_tokens,
        at,
      );
    })();
  }

  list(page: { limit: number; offset: number }): { total: number; items: SummaryRow[] } {
    const total = this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM conversations').get()!.n;
    const items = this.db
      .prepare<[number, number], SummaryRow>(
        `SELECT c.id, c.title, c.created_at, c.updated_at,
        (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id AND m.role = 'user') AS turns
      FROM conversations c ORDER BY c.updated_at DESC, c.id LIMIT ? OFFSET ?`,
      )
      .all(page.limit, page.offset);
    return { total, items };
  }

  get(id: string) {
    const c = this.db
      .prepare<[string], SummaryRow>(
        `SELECT c.id, c.title, c.created_at, c.updated_at,
        (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id AND m.role = 'user') AS turns
      FROM conversations c WHERE c.id = ?`,
      )
      .get(id);
    if (!c) return null;
    const rows = this.db
      .prepare<[string], MessageRow>(
        `SELECT role, text, created_at, message_id, citations, agents, stop_reason, input_tokens, output_tokens
      FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`,
      )
      .all(id);
    return {
      ...c,
      messages: rows.map((r) => ({
        role: r.role,
        text: r.text,
        created_at: r.created_at,
        message_id: r.message_id,
        citations: JSON.parse(r.citations) as Citation[],
        agents: JSON.parse(r.agents) as string[],
        stop_reason: r.stop_reason,
        usage:
          r.input_tokens === null || r.output_tokens === null
            ? null
            : { input_tokens: r.input_tokens, output_tokens: r.output_tokens },
      })),
    };
  }
}
