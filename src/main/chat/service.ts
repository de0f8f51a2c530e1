/**
 * One chat turn for both routes: the orchestrator prepares the answer, its pieces pass the max_tokens budget, and
 * the result is the message of POST /v1/chat/completions or the events of POST /v1/chat/stream — the same text
 * either way. A turn with a conversation_id is stored once complete.
 */
import type { ChatMessage, ChatStreamEvent } from '../../shared/schemas/chat.ts';
import { messageText, type ChatMessageIn } from '../../shared/schemas/chat.ts';
import { TokenBudget } from './budget.ts';
import { rehearse } from './rehearsal.ts';
import { NOT_MEDICAL_ADVICE } from './safety.ts';
import { countTokens } from './tokenizer.ts';
import type { ConversationStore } from './conversations.ts';
import { MODEL_ID, type Orchestrator, type PreparedTurn } from './orchestrator.ts';

export interface ChatInput {
  messages: ChatMessageIn[];
  max_tokens: number;
  temperature?: number;
  conversation_id?: string;
}

export interface TurnResult {
  text: string;
  stopReason: 'end_turn' | 'max_tokens';
  outputTokens: number;
}

export class ChatService {
  /** Turns whose answer is still being produced (tests check that a disconnect brings this back to 0). */
  active = 0;

  constructor(
    private readonly orchestrator: Orchestrator,
    private readonly store: ConversationStore,
    private readonly now: () => number,
  ) {}

  /** Called when the embedding model is ready: the first question then gets the meaning layer too. */
  warm(): Promise<void> {
    return this.orchestrator.warm();
  }

  /** Turns prepared and thrown away, so the first real one is as fast as the rest (rehearsal.ts). */
  rehearse(stopped: () => boolean = () => false): Promise<void> {
    return rehearse((req) => this.orchestrator.prepare(req), stopped);
  }

  prepare(input: ChatInput): Promise<PreparedTurn> {
    return this.orchestrator.prepare(input);
  }

  /**
   * Runs the answer through the budget, handing each piece that may be sent to `emit`; stops early when `signal`
   * aborts. The safety preface and the closing note are reserved first: a long body is cut to leave room for them,
   * so max_tokens never cuts the safety text unless max_tokens is smaller than the safety text itself.
   */
  async produce(
    turn: PreparedTurn,
    maxTokens: number,
    signal: AbortSignal,
    emit: (text: string) => Promise<void> | void,
  ): Promise<TurnResult | null> {
    this.active++;
    const inner = new AbortController();
    const stop = () => inner.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const budget = new TokenBudget(maxTokens);
      const head = turn.preface ? `${turn.preface}${turn.hasBody ? '\n\n' : ''}` : '';
      const tail = `\n\n${NOT_MEDICAL_ADVICE}`;
      const send = async (piece: string): Promise<boolean> => {
        const { text, exhausted } = budget.push(piece);
        if (text) await emit(text);
        return !exhausted;
      };
      let cut = false;
      if (head && !(await send(head))) cut = true;
      if (!cut && turn.hasBody) {
        // a composed answer that fits whole is sent whole; otherwise the body gets what the preface and note leave
        // (counted apart, which is never less than counted together: "." and "\n\n" can merge into one token)
        const fits = !turn.llm && countTokens(`${head}${turn.body}${tail}`) <= maxTokens;
        const body = new TokenBudget(fits ? maxTokens : Math.max(0, maxTokens - countTokens(head) - countTokens(tail)));
        for await (const piece of this.orchestrator.pieces(turn, inner.signal)) {
          if (signal.aborted) return null;
          const { text, exhausted } = body.push(piece);
          if (text && !(await send(text))) {
            cut = true;
            break;
          }
          if (exhausted) {
            cut = true;
            break;
          }
        }
      }
      if (signal.aborted) return null;
      if (!budget.exhausted) await send(budget.value ? tail : NOT_MEDICAL_ADVICE);
      return {
        text: budget.value,
        stopReason: cut || budget.exhausted ? 'max_tokens' : 'end_turn',
        outputTokens: budget.tokens,
      };
    } finally {
      inner.abort();
      signal.removeEventListener('abort', stop);
      this.active--;
    }
  }

  message(turn: PreparedTurn, input: ChatInput, result: TurnResult | null): ChatMessage {
    return {
      id: turn.id,
      type: 'message',
      role: 'assistant',
      model: MODEL_ID,
      content: result ? [{ type: 'text', text: result.text, citations: turn.citations }] : [],
      stop_reason: (result?.stopReason ?? null) as ChatMessage['stop_reason'],
      usage: { input_tokens: turn.inputTokens, output_tokens: result?.outputTokens ?? 0 },
      agents: turn.agents,
      safety: turn.safety,
      triage: {
        categories: turn.triage.categories,
        by: turn.triage.by,
        meaning_layer: turn.triage.meaning,
        reason: turn.triage.reason,
      },
      composed_by: turn.llm && !turn.fellBack ? 'language_model' : 'evidence',
      conversation_id: input.conversation_id ?? null,
    };
  }

  startEvent(turn: PreparedTurn, input: ChatInput): ChatStreamEvent {
    return {
      type: 'message_start',
      message: { ...this.message(turn, input, null), content: [], stop_reason: null },
    } as ChatStreamEvent;
  }

  save(turn: PreparedTurn, input: ChatInput, result: TurnResult, apiKeyId: string | null): void {
    if (!input.conversation_id) return;
    const question = [...input.messages].reverse().find((m) => m.role === 'user')!;
    this.store.appendTurn({
      conversationId: input.conversation_id,
      question: messageText(question),
      answer: result.text,
      messageId: turn.id,
      citations: turn.citations,
      agents: turn.agents,
      stopReason: result.stopReason,
      usage: { input_tokens: turn.inputTokens, output_tokens: result.outputTokens },
      apiKeyId,
      now: this.now(),
    });
  }
}
