/**
 * API responses compressed per Accept-Encoding (src/main/http/middleware/compress-json.ts), checked on the raw bytes
 * over HTTP: a large body arrives as brotli or gzip and decodes to the same JSON as the plain one; small bodies, HEAD
 * and clients that send no Accept-Encoding get identity; error envelopes keep their status and shape; the chat's event
 * stream is never compressed and still arrives event by event, and /mcp is left as its transport writes it.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../src/main/http/middleware/compress-json.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, parseSse, postRaw, startFakeLlm, type FakeLlm } from '../helpers/chat.ts';

let t: TestApp;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startTestApp({ chat: { llm: { url: llm.url, model: 'local-test-model' }, heartbeatMs: 1000 } });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** One request with exactly these headers (Node's http sends no Accept-Encoding of its own), the body as received. */
function raw(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Raw> {
  return new Promise((ok, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(path, t.base),
      {
        method,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

function decoded(r: Raw): unknown {
  const enc = r.headers['content-encoding'];
  const bytes = enc === 'br' ? brotliDecompressSync(r.bytes) : enc === 'gzip' ? gunzipSync(r.bytes) : r.bytes;
  return JSON.parse(bytes.toString('utf8'));
}

const key = () => ({ 'x-api-key': t.adminKey });

describe('JSON responses', () => {
  it('a large one (the OpenAPI document) arrives as brotli or gzip, as asked, and decodes to the same JSON', async () => {
    const plain = await raw('GET', '/v1/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(100_000);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const r = await raw('GET', '/v1/openapi.json', { 'accept-encoding': accept });
      expect(r.status, accept).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
      expect(r.bytes.length).toBeLessThan(plain.bytes.length / 5);
      expect(decoded(r)).toEqual(decoded(plain));
    }
  });

  it('authenticated routes too: a monograph and a search, with the rate-limit headers kept', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/monographs/metformin', undefined],
      ['POST', '/v1/compounds/search', { query: 'magnesium', limit: 20 }],
    ] as const) {
      const plain = await raw(method, path, key(), body);
      const br = await raw(method, path, { ...key(), 'accept-encoding': 'gzip, deflate, br' }, body);
      expect(plain.bytes.length, path).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(br.headers['content-encoding'], path).toBe('gzip'); // the client's first choice among equals
      expect(br.headers['x-ratelimit-limit'], path).toBeDefined();
      expect(decoded(br)).toEqual(decoded(plain));
    }
  });

  it('identity without Accept-Encoding, when only unknown or refused encodings are offered, and for HEAD', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const r = await raw('GET', '/v1/openapi.json', accept ? { 'accept-encoding': accept } : {});
      expect(r.headers['content-encoding'], accept).toBeUndefined();
      expect(r.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect((decoded(r) as { openapi: string }).openapi).toMatch(/^3\.1/);
    }
    const head = await raw('HEAD', '/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it(`a small one (under ${COMPRESS_MIN_BYTES} bytes) is sent as it is`, async () => {
    const r = await raw('GET', '/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(r.bytes.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect((decoded(r) as { success: boolean }).success).toBe(true);
  });
});

describe('error envelopes', () => {
  it('keep their status and shape, compressed when large and plain when small', async () => {
    const unknownFields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`unknown_field_number_${i}`, i]));
    const plain = await raw('POST', '/v1/compounds/search', key(), { query: 'magnesium', ...unknownFields });
    const br = await raw(
      'POST',
      '/v1/compounds/search',
      { ...key(), 'accept-encoding': 'br' },
      { query: 'magnesium', ...unknownFields },
    );
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect([plain.status, br.status]).toEqual([400, 400]);
    expect(br.headers['content-encoding']).toBe('br');
    const body = decoded(br) as { success: boolean; error: { code: string; details: { field: string }[] } };
    expect(body).toEqual(decoded(plain));
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details.map((d) => d.field)).toContain('unknown_field_number_59');

    const missing = await raw('GET', '/v1/compounds/no-such-compound', { ...key(), 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(decoded(missing)).toMatchObject({ success: false, error: { code: 'not_found' } });
    const noKey = await raw('GET', '/v1/monographs/metformin', { 'accept-encoding': 'br' });
    expect(noKey.status).toBe(401);
    expect(decoded(noKey)).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });
});

describe('POST /v1/chat/stream', () => {
  it('is never compressed and arrives event by event, even when the client accepts brotli and gzip', async () => {
    // The model sends its second piece only seconds after the first: a buffered or compressed stream would show the
    // client nothing before the end, so hanging up at the first delta proves it arrived on its own.
    llm.script = { pieces: ['Metformin is used ', 'for type 2 diabetes [1].'], delayMs: 5_000 };
    const res = await postRaw(t.base, '/v1/chat/stream', t.keyWith(['chat']), ask('What is metformin used for?'), {
      headers: { 'accept-encoding': 'br, gzip' },
      hangUpWhen: (soFar) => soFar.includes('event: content_block_delta'),
    });
    expect(res.hungUp).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = parseSse(res.body).events.map((e) => e.event);
    expect(events.slice(0, 2)).toEqual(['message_start', 'content_block_start']);
    expect(events).not.toContain('message_stop');
  });
});

describe('POST /mcp', () => {
  it('passes through as the MCP transport writes it: never compressed, never held back', async () => {
    const r = await raw(
      'POST',
      '/mcp',
      { ...key(), accept: 'application/json, text/event-stream', 'accept-encoding': 'br, gzip' },
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    );
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect((decoded(r) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);
  });
});
