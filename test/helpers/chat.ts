/**
 * Chat test helpers: a raw server-sent-events client (node:http, so a test can pause reading or hang up mid-stream),
 * event parsing with eventsource-parser, and a small OpenAI-compatible test server on 127.0.0.1.
 *
 * No language model can run on this project's build machines (no weights can be downloaded, no accelerator), so
 * the language-model backend is exercised against this scripted stand-in, which speaks the same wire format
 * (POST /v1/chat/completions with stream: true, `data: {choices: [{delta: {content}}]}` lines, `data: [DONE]`).
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

export interface SseEvent {
  event: string;
  data: unknown;
  raw: string;
}

export function parseSse(raw: string): { events: SseEvent[]; comments: string[] } {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (e) => {
      events.push({ event: e.event ?? 'message', data: JSON.parse(e.data), raw: e.data });
    },
    onComment: (c) => {
      comments.push(c);
    },
  });
  parser.feed(raw);
  return { events, comments };
}

/** The text of a stream: its content_block_delta pieces joined. */
export const streamedText = (events: readonly SseEvent[]) =>
  events
    .filter((e) => e.event === 'content_block_delta')
    .map((e) => (e.data as { delta: { text: string } }).delta.text)
    .join('');

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StreamOptions {
  /** called with the body received so far after each chunk; return true to hang up */
  hangUpWhen?: (soFar: string) => boolean;
  /** stop reading for this long after the response starts (the socket buffer fills) */
  pauseMs?: number;
  /** more request headers (e.g. Accept-Encoding) */
  headers?: Record<string, string>;
}

/** POST a JSON body and read the raw response (for SSE), optionally hanging up or pausing mid-stream. */
export function postRaw(
  base: string,
  path: string,
  key: string,
  body: unknown,
  opts: StreamOptions = {},
): Promise<RawResponse & { hungUp: boolean }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        let hungUp = false;
        res.setEncoding('utf8');
        if (opts.pauseMs) {
          res.pause();
          setTimeout(() => res.resume(), opts.pauseMs);
        }
        res.on('data', (chunk: string) => {
          text += chunk;
          if (!hungUp && opts.hangUpWhen?.(text)) {
            hungUp = true;
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, hungUp });
          }
        });
        res.on('end', () => {
          if (!hungUp) resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, hungUp });
        });
        res.on('error', (err) => {
          if (!hungUp) reject(err);
        });
      },
    );
    req.on('error', (err) => {
      if (!(err as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(err);
    });
    req.end(payload);
  });
}

export interface LlmRequestLog {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
  };
  closedEarly: boolean;
}

export interface FakeLlm {
  url: string;
  requests: LlmRequestLog[];
  /** what the next requests answer: text pieces (each sent as one data line) with a delay between them, or a failure */
  script: { pieces: string[]; delayMs?: number; breakAfter?: number; status?: number };
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: LlmRequestLog[] = [];
  const fake: Omit<FakeLlm, 'url' | 'close'> = { requests, script: { pieces: ['Hello [1].'] } };
  const server: Server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const log: LlmRequestLog = {
        headers: req.headers,
        body: JSON.parse(raw) as LlmRequestLog['body'],
        closedEarly: false,
      };
      requests.push(log);
      const { pieces, delayMs = 0, breakAfter, status = 200 } = fake.script;
      if (status !== 200) {
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.on('close', () => {
        if (!res.writableFinished) log.closedEarly = true;
      });
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        if (breakAfter !== undefined && i === breakAfter) {
          res.destroy();
          return;
        }
        if (i === pieces.length) {
          res.end('data: [DONE]\n\n');
          return;
        }
        res.write(
          `data: ${JSON.stringify({ id: 'cmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: pieces[i++] } }] })}\n\n`,
        );
        setTimeout(next, delayMs);
      };
      next();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  }) as FakeLlm;
}

export const ask = (content: string, extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content }],
  ...extra,
});

/** Every cited record exists: served by this API where it has a route, else present in the content database. */
export async function expectCitationsExist(
  app: TestApp,
  citations: { type: string; id: string; api_path: string | null }[],
): Promise<void> {
  for (const c of citations) {
    if (c.type === 'method') {
      expect(c.api_path).toMatch(/^\/v1\/tools\//);
      continue;
    }
    if (c.type === 'compound' || c.type === 'monograph' || c.type === 'document') {
      const res = await app.http.get(c.api_path!).set('X-API-Key', app.adminKey);
      expect(res.status, `${c.type} ${c.id}`).toBe(200);
      continue;
    }
    const q = {
      lab_test: ['SELECT 1 FROM lab_tests WHERE loinc = ?', [c.id]],
      food: ['SELECT 1 FROM foods WHERE ndb_no = ?', [c.id]],
      interaction_pair: ['SELECT 1 FROM ddinter_pairs WHERE a = ? AND b = ?', c.id.split(':')],
    }[c.type as 'lab_test' | 'food' | 'interaction_pair'];
    if (q) expect(app.contentDb.prepare(q[0] as string).get(...(q[1] as string[])), `${c.type} ${c.id}`).toBeTruthy();
    else expect(c.type).toBe('vocabulary');
  }
}
