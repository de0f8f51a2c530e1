/**
 * The optional language-model backend: any OpenAI-compatible chat-completions endpoint the user configures
 * (MATERIA_LLM_URL, MATERIA_LLM_MODEL, MATERIA_LLM_API_KEY), called with stream: true. Nothing else in the chat
 * sends a request off the machine, and without this configuration nothing does.
 */
import type { LlmConfig } from '../config/environment.ts';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class LlmError extends Error {}

export function completionsUrl(url: string): string {
  const u = url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(u) ? u : `${u}/chat/completions`;
}

/** Streams the text pieces of one completion; aborting `signal` closes the connection. */
export async function* streamCompletion(
  cfg: LlmConfig,
  body: { messages: LlmMessage[]; temperature?: number; max_tokens: number },
  signal: AbortSignal,
): AsyncGenerator<string> {
  let res: Response;
  try {
    res = await fetch(completionsUrl(cfg.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: cfg.model, stream: true, ...body }),
      signal,
    });
  } catch (err) {
    if (signal.aborted) return;
    throw new LlmError(`language model unreachable at ${completionsUrl(cfg.url)}: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new LlmError(`language model answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal.aborted) return;
        throw new LlmError(`language model stream broke: ${(err as Error).message}`);
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer[nl] === '\r' ? 2 : 1));
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        let json: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } };
        try {
          json = JSON.parse(data) as typeof json;
        } catch {
          continue;
        }
        if (json.error) throw new LlmError(`language model error: ${json.error.message ?? 'unknown'}`);
        const piece = json.choices?.[0]?.delta?.content;
        if (typeof piece === 'string' && piece) yield piece;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
