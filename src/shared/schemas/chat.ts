/**
 * Chat (spec §4.7, DESIGN.md §5 "Chat"): the request both chat routes take, the message POST /v1/chat/completions
 * returns, the server-sent events of POST /v1/chat/stream, the agent registry and stored conversations.
 */
import { z } from 'zod';
import { PageMeta, QueryInt, successWithMeta, success } from './common.ts';

export const CHAT_MODELS = ['service-clinical-v1'] as const;
export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
export const MAX_OUTPUT_TOKENS = 4096;
export const DEFAULT_MAX_TOKENS = 1024;
/**
 * What the assistant reads, bounded so that no request can hold the server's one thread for long (issue 30): the
 * question (the last user message) is analysed and triaged whole, at about 50 ms per 1,000 characters of dense drug
 * text (measured 2026-11-28), so it is at most MAX_QUESTION_CHARS; all messages together (earlier turns are read for
 * what "it" refers to, counted for usage and passed to a language model) at most MAX_CONVERSATION_CHARS. Longer input
 * is refused with a 400 naming the field, never cut silently.
 */
export const MAX_QUESTION_CHARS = 4_000;
export const MAX_CONVERSATION_CHARS = 24_000;

const TextBlockIn = z.strictObject({
  type: z.literal('text'),
  text: z.string().max(32_000).describe('the text of this block'),
});

export const ChatMessageIn = z.strictObject({
  role: z
    .enum(CHAT_ROLES)
    .describe(
      'system (instructions, passed to the language model when one is configured), user, or assistant (earlier answers)',
    ),
  content: z
    .union([z.string().max(32_000), z.array(TextBlockIn).min(1).max(50)])
    .describe('a string, or text blocks [{type: "text", text}] joined with blank lines'),
});
export type ChatMessageIn = z.infer<typeof ChatMessageIn>;

export const ConversationId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 letters, digits, "-" or "_"');

export const ChatRequest = z.strictObject({
  messages: z
    .array(ChatMessageIn)
    .min(1, 'give at least one message')
    .max(100, 'at most 100 messages')
    .superRefine((msgs, ctx) => {
      const last = msgs[msgs.length - 1];
      if (last && last.role !== 'user')
        ctx.addIssue({
          code: 'custom',
          path: [msgs.length - 1, 'role'],
          message: "the last message must be the user's",
        });
      if (last && last.role === 'user' && !messageText(last).trim())
        ctx.addIssue({ code: 'custom', path: [msgs.length - 1, 'content'], message: 'must not be empty' });
      if (last && last.role === 'user' && messageText(last).length > MAX_QUESTION_CHARS) {
        ctx.addIssue({
          code: 'custom',
          path: [msgs.length - 1, 'content'],
          message: `the question is read up to ${MAX_QUESTION_CHARS} characters; this one has ${messageText(last).length}: shorten it`,
        });
      }
      const total = msgs.reduce((n, m) => n + messageText(m).length, 0);
      if (total > MAX_CONVERSATION_CHARS) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `all messages together are read up to ${MAX_CONVERSATION_CHARS} characters; these have ${total}: drop earlier messages`,
        });
      }
    })
    .describe(
      `the conversation so far, oldest first; the last message is the user's question (at most ${MAX_QUESTION_CHARS} characters; all messages at most ${MAX_CONVERSATION_CHARS})`,
    ),
  model: z
    .enum(CHAT_MODELS, { error: () => `unknown model; valid ids: ${CHAT_MODELS.join(', ')}` })
    .default('service-clinical-v1')
    .describe(`model id; valid: ${CHAT_MODELS.join(', ')}`),
  temperature: z
    .number()
    .min(0)
    .max(2)
    .optional()
    .describe(
      '0–2; passed to the language model when one is configured (answers composed from the evidence are deterministic)',
    ),
  max_tokens: z
    .int()
    .min(1)
    .max(MAX_OUTPUT_TOKENS)
    .default(DEFAULT_MAX_TOKENS)
    .describe(
      `1–${MAX_OUTPUT_TOKENS}, default ${DEFAULT_MAX_TOKENS} (cl100k_base tokens); a longer answer is cut and stop_reason is "max_tokens"`,
    ),
  conversation_id: ConversationId.optional().describe(
    'store this turn under this id (created on first use) so it appears in GET /v1/conversations; omit to store nothing',
  ),
});
export type ChatRequest = z.input<typeof ChatRequest>;

/** The text of a message: the string, or its text blocks joined with a blank line. */
export function messageText(m: { content: string | readonly { text: string }[] }): string {
  return typeof m.content === 'string' ? m.content : m.content.map((b) => b.text).join('\n\n');
}

export const CITATION_TYPES = [
  'compound',
  'monograph',
  'document',
  'lab_test',
  'food',
  'interaction_pair',
  'method',
  'vocabulary',
] as const;
export type CitationType = (typeof CITATION_TYPES)[number];

export const Citation = z.object({
  index: z.int().min(1).describe('the [n] marker in the text'),
  type: z.enum(CITATION_TYPES).describe('what kind of record backs the sentences marked [index]'),
  id: z
    .string()
    .describe(
      'the record id: compound or monograph slug, document id, LOINC code, USDA NDB number, DDInter pair "a:b", tool route, vocabulary term',
    ),
  title: z.string(),
  api_path: z
    .string()
    .nullable()
    .describe('where this API serves the record (null for records it does not serve one by one)'),
  url: z.string().nullable().describe("the publication's own link (DOI, PubMed) when it has one"),
  pmid: z.string().nullable(),
  doi: z.string().nullable(),
});
export type Citation = z.infer<typeof Citation>;

export const STOP_REASONS = ['end_turn', 'max_tokens'] as const;
export const SAFETY_OUTCOMES = ['ok', 'emergency', 'out_of_scope', 'evade_care', 'declined'] as const;
export const TRIAGE_CATEGORY_IDS = [
  'overdose',
  'child_ingestion',
  'self_harm',
  'anaphylaxis',
  'chest_pain',
  'stroke',
  'respiratory_depression',
  'bleeding',
  'serotonin_toxicity',
  'hypoglycaemia',
  'seizure',
  'thunderclap_headache',
  'head_injury',
  'pregnancy_emergency',
  'obstetric_emergency',
  'postpartum_psychosis',
  'drug_toxicity',
  'critical_value',
  'critical_illness',
  'animal_poisoning',
  'unreadable_alarm',
] as const;
export type SafetyOutcome = (typeof SAFETY_OUTCOMES)[number];

export const Usage = z.object({
  input_tokens: z.int().describe("cl100k_base tokens of the request messages' text"),
  output_tokens: z.int().describe('cl100k_base tokens of the answer text'),
});

export const TextBlock = z.object({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(Citation).describe('the records behind the [n] markers, in marker order'),
});

export const ChatMessage = z.object({
  id: z.string().describe('unique message id (msg_…)'),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.enum(CHAT_MODELS),
  content: z.array(TextBlock).length(1),
  stop_reason: z.enum(STOP_REASONS),
  usage: Usage,
  agents: z.array(z.string()).describe('ids of the agents that answered (GET /v1/agents), safety last'),
  safety: z
    .enum(SAFETY_OUTCOMES)
    .describe(
      'ok; emergency (the instruction to call emergency services leads or is the whole answer); evade_care (getting around care, ' +
        'prescriptions or testing is declined, or someone keeping a supplement from a clinician is told why to tell them); declined (illicit synthesis or ' +
        'extraction); out_of_scope',
    ),
  triage: z
    .object({
      categories: z.array(z.enum(TRIAGE_CATEGORY_IDS)).describe('emergency categories found (empty: none)'),
      by: z.array(z.enum(['rules', 'meaning'])).describe('which triage layers found them'),
      meaning_layer: z
        .enum(['on', 'off'])
        .describe('off: no embedding model (or none calibrated, or it timed out), so triage ran on the rules only'),
      reason: z.string().nullable().describe('why the meaning layer was off'),
    })
    .describe('emergency triage of this turn'),
  composed_by: z
    .enum(['evidence', 'language_model'])
    .describe(
      'who worded the answer: composed from the evidence directly, or phrased by the configured language model',
    ),
  conversation_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
/** POST /v1/chat/completions answers with the message itself (spec §4.7), not inside {success, data}. */
export const ChatCompletionResponse = ChatMessage;

/** Events of POST /v1/chat/stream, each sent as `event: <type>` and `data: <this JSON>`. */
export const ChatStreamEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: ChatMessage.extend({ content: z.array(TextBlock).length(0), stop_reason: z.null() }),
  }),
  z.object({ type: z.literal('content_block_start'), index: z.literal(0), content_block: TextBlock }),
  z.object({
    type: z.literal('content_block_delta'),
    index: z.literal(0),
    delta: z.object({ type: z.literal('text_delta'), text: z.string() }),
  }),
  z.object({ type: z.literal('content_block_stop'), index: z.literal(0) }),
  z.object({ type: z.literal('message_delta'), delta: z.object({ stop_reason: z.enum(STOP_REASONS) }), usage: Usage }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;

export const AGENT_GROUPS = ['safety', 'compound', 'literature', 'reference', 'tool', 'category', 'goal'] as const;

export const AgentInfo = z.object({
  id: z.string(),
  name: z.string(),
  group: z.enum(AGENT_GROUPS),
  covers: z.string().describe('what questions it answers'),
  uses: z.array(z.string()).describe('the data and tools it reads'),
  example: z.string().describe('a question that routes to it'),
});
export const AgentListResponse = successWithMeta(z.array(AgentInfo), z.object({ total: z.int() }));

export const ConversationListQuery = z.strictObject({
  limit: QueryInt(1, 100, 20),
  offset: QueryInt(0, 10_000, 0),
});

export const ConversationSummary = z.object({
  id: z.string(),
  title: z.string().describe('the first question, shortened'),
  created_at: z.string(),
  updated_at: z.string(),
  turns: z.int().describe('question–answer pairs stored'),
});
export const ConversationListResponse = successWithMeta(z.array(ConversationSummary), PageMeta);

export const StoredMessage = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  created_at: z.string(),
  message_id: z.string().nullable().describe('assistant messages: the id the chat route returned'),
  citations: z.array(Citation).describe('assistant messages: the records cited; empty for user messages'),
  agents: z.array(z.string()),
  stop_reason: z.enum(STOP_REASONS).nullable(),
  usage: Usage.nullable(),
});
export const Conversation = ConversationSummary.extend({ messages: z.array(StoredMessage) });
export const ConversationResponse = success(Conversation);
export const ConversationIdParams = z.strictObject({ id: ConversationId });
