/**
 * Issue 15: no 5xx from any input, auth before work, and the HTTP edges (one Host, rate-limit headers on every keyed
 * answer). Raw sockets where supertest would tidy the request up (two Host headers, a body that never finishes).
 */
import { connect } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../src/shared/endpoints.ts';
import { ErrorEnvelope } from '../../src/shared/errors.ts';
import { rateLimitFor } from '../../src/shared/rate-limits.ts';
import { formatLogLine } from '../../src/main/http/log.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const HOUR0 = Date.UTC(2026, 10, 23, 9, 0, 0);
let clock = HOUR0 + 1_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock, bodyDeadlineMs: 400 });
});
afterAll(async () => {
  await t.close();
});

/** Sends bytes as they are and returns the status line's code and the body (JSON when it is). */
function rawRequest(
  port: number,
  text: string | Buffer,
  opts: { endAfterMs?: number } = {},
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (c) => {
      data += c.toString();
    });
    socket.on('error', fail);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      ok({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(text);
    if (opts.endAfterMs === undefined) socket.end();
    else setTimeout(() => socket.end(), opts.endAfterMs);
  });
}

const paramRoutes = (Object.values(ENDPOINTS) as Endpoint[]).filter((e) => /\{\w+\}/.test(e.path));

describe('no 5xx from any input', () => {
  it.each(paramRoutes.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s with an invalid percent-encoding: 400 naming the parameter',
    async (_label, e) => {
      const param = /\{(\w+)\}/.exec(e.path)![1]!;
      const path = e.path.replace(/\{\w+\}/, '%ff');
      const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const res = await t.http[method](path).set('X-API-Key', t.adminKey);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: param, message: 'is not valid percent-encoded UTF-8' }]);
      const anonymous = await t.http[method](path);
      expect(anonymous.status).toBe(401); // auth is decided before the path is decoded
    },
  );

  it('GET /v1/monographs?q=" (no searchable words) is a 400 naming q; q=* still lists', async () => {
    for (const q of ['%22', '%22%22', '*)', '%E2%80%94', '%00']) {
      const res = await t.http.get(`/v1/monographs?q=${q}`).set('X-API-Key', t.adminKey);
      expect(res.status, q).toBe(400);
      expect(res.body.error.details[0].field, q).toBe('q');
    }
    const all = await t.http.get('/v1/monographs?q=*&limit=1').set('X-API-Key', t.adminKey);
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(t.materia.context.content.counts.monographs);
    expect(all.body.meta.total).toBeGreaterThanOrEqual(120);
  });

  it('a corrupt gzip, deflate or br body is a 400 naming Content-Encoding; a valid one works', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await t.http
        .post('/v1/compounds/search')
        .set('X-API-Key', t.adminKey)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(Buffer.from('definitely not compressed {"query":"x"}'));
      expect(res.status, encoding).toBe(400);
      expect(res.body.error.details, encoding).toEqual([
        { field: 'Content-Encoding', message: `body does not decode as ${encoding}` },
      ]);
    }
    const json = JSON.stringify({ query: 'metformin', limit: 1 });
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(json)],
      ['br', brotliCompressSync(json)],
    ] as const) {
      // fetch, since supertest re-encodes a Buffer sent as JSON
      const ok = await fetch(`${t.base}/v1/compounds/search`, {
        method: 'POST',
        headers: { 'x-api-key': t.adminKey, 'content-type': 'application/json', 'content-encoding': encoding },
        body: bytes,
      });
      expect(ok.status, encoding).toBe(200);
      expect(((await ok.json()) as { data: { slug: string }[] }).data[0]!.slug).toBe('metformin');
    }
  });

  it('logs with a fixed format: request text is printed as sent and the error is kept', () => {
    const line = formatLogLine('unexpected error on GET "/v1/compounds/%ff%s%d"', new Error('boom'));
    expect(line).toContain('/v1/compounds/%ff%s%d');
    expect(line).toContain('Error: boom');
    expect(line).toMatch(/at .+hardening\.test\.ts/); // the stack is there too
  });
});

describe('auth before work', () => {
  it('without a key, a malformed, oversized or non-JSON body is a 401: the body is never read', async () => {
    const cases = [
      t.http.post('/v1/compounds/search').set('Content-Type', 'application/json').send('{"query": "x",'),
      t.http
        .post('/v1/compounds/search')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ query: 'x', pad: 'y'.repeat(2 * 1024 * 1024) })),
      t.http.post('/v1/compounds/search').set('Content-Type', 'text/plain').send('query=x'),
      t.http
        .post('/v1/compounds/search')
        .set('X-API-Key', 'mk_nosuchkey_0123456789abcdefghij')
        .set('Content-Type', 'application/json')
        .send('{"query": "x",'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('without a key, a body that is still arriving is not waited for: the 401 comes at once', async () => {
    const started = Date.now();
    const res = await rawRequest(
      t.port,
      `POST /v1/compounds/search HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query":',
      { endAfterMs: 2_000 },
    );
    expect(res.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(350); // well before the 400 ms body deadline
    expect(res.headers).toMatch(/connection: close/i);
  });

  it('refuses browser requests from other sites (Sec-Fetch-Site) on /v1, serves its own pages', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.http.get('/v1/health').set('Sec-Fetch-Site', site);
      expect(res.status, site).toBe(403);
      expect(res.body.error.details).toEqual([
        { field: 'Sec-Fetch-Site', message: `${site}: only this server's own pages may call the API` },
      ]);
      const keyed = await t.http.get('/v1/content').set('X-API-Key', t.adminKey).set('Sec-Fetch-Site', site);
      expect(keyed.status, site).toBe(403);
    }
    for (const site of ['same-origin', 'none']) {
      expect((await t.http.get('/v1/health').set('Sec-Fetch-Site', site)).status, site).toBe(200);
    }
  });

  it('a body that does not finish arriving gets 408 within the deadline, and the connection is closed', async () => {
    const started = Date.now();
    const res = await rawRequest(
      t.port,
      `POST /v1/compounds/search HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nX-API-Key: ${t.adminKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
      { endAfterMs: 3_000 },
    );
    expect(res.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: {
        code: 'request_timeout',
        message: 'the request body did not arrive within 0.4 s',
        details: [{ field: 'body', message: 'incomplete' }],
      },
    });
    expect(res.headers).toMatch(/connection: close/i);
  });

  it('key-less requests are counted per client: draining /v1/health anonymously does not lock out a keyed client', async () => {
    clock = HOUR0 + 7_200_000;
    const limit = rateLimitFor('GET /v1/health')!.perMinute;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i += 25) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: Math.min(25, limit + 5 - i) }, () => t.http.get('/v1/health')))).map(
          (r) => r.status,
        ),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await t.http.get('/v1/openapi.json')).status).toBe(200); // its own bucket
    const key = t.keyWith(['read']);
    const keyed = await t.http.get('/v1/health').set('X-API-Key', key);
    expect(keyed.status).toBe(200);
    expect(keyed.headers['x-ratelimit-remaining']).toBe(String(limit - 1));
    expect((await t.http.get('/v1/openapi.json').set('Authorization', `Bearer ${key}`)).status).toBe(200);
  });
});

describe('HTTP edges', () => {
  it('two Host headers (or two keys) are a 400 naming the header', async () => {
    clock = HOUR0 + 5 * 3_600_000;
    const twoHosts = await rawRequest(
      t.port,
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    );
    expect(twoHosts.status).toBe(400);
    expect(ErrorEnvelope.parse(JSON.parse(twoHosts.body)).error.details).toEqual([
      { field: 'Host', message: 'sent more than once' },
    ]);
    const twoAuth = await rawRequest(
      t.port,
      `GET /v1/content HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.adminKey}\r\n` +
        'Authorization: Bearer mk_other0_0123456789abcdefghij\r\nConnection: close\r\n\r\n',
    );
    expect(twoAuth.status).toBe(400);
    expect(JSON.parse(twoAuth.body).error.details[0].field).toBe('Authorization');
    const one = await rawRequest(
      t.port,
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(one.status).toBe(200);
  });

  it('X-RateLimit-* on 400, 403, 404, 405, 413 and 415 when a key was identified', async () => {
    clock = HOUR0 + 3 * 3_600_000;
    const reader = t.keyWith(['read']);
    const admin = t.keyWith(['admin', 'read']);
    const search = rateLimitFor('POST /v1/compounds/search')!;
    const post = (key: string) => t.http.post('/v1/compounds/search').set('X-API-Key', key);
    const cases: [string, Promise<{ status: number; headers: Record<string, string> }>, number, string, number][] = [
      ['bad JSON', post(admin).set('Content-Type', 'application/json').send('{"query":'), 400, '100', 99],
      [
        'too large',
        post(admin)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ query: 'x', pad: 'y'.repeat(1024 * 1024) })),
        413,
        '100',
        98,
      ],
      ['not JSON', post(admin).set('Content-Type', 'text/plain').send('query=x'), 415, '100', 97],
      [
        'unknown slug',
        t.http.get('/v1/compounds/no-such-compound').set('X-API-Key', admin),
        404,
        String(rateLimitFor('GET /v1/compounds/{slug}')!.perMinute),
        199,
      ],
    ];
    for (const [what, pending, status, limit, remaining] of cases) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      expect(res.headers['x-ratelimit-limit'], what).toBe(limit);
      expect(res.headers['x-ratelimit-remaining'], what).toBe(String(remaining));
      expect(res.headers['x-ratelimit-reset'], what).toBe(String((HOUR0 + 3 * 3_600_000 + 60_000) / 1000));
    }
    expect(search.perMinute).toBe(100);

    // 403: the key's bucket for the route is shown, not charged (failed auth costs nothing)
    const forbidden = await t.http.get('/v1/api-keys').set('X-API-Key', reader);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['x-ratelimit-limit']).toBe('30');
    expect(forbidden.headers['x-ratelimit-remaining']).toBe('30');
    expect((await t.http.get('/v1/api-keys').set('X-API-Key', reader)).headers['x-ratelimit-remaining']).toBe('30');

    // 404 and 405 with a key count in that key's "unrouted" bucket; without a key they carry nothing
    const unknown = await t.http.get('/v1/no-such-route').set('X-API-Key', reader);
    expect(unknown.status).toBe(404);
    expect(unknown.headers['x-ratelimit-limit']).toBe('60');
    expect(unknown.headers['x-ratelimit-remaining']).toBe('59');
    const wrongMethod = await t.http.delete('/v1/compounds/search').set('X-API-Key', reader);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.headers['x-ratelimit-remaining']).toBe('58');
    const anonymous = await t.http.get('/v1/no-such-route');
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('key-less routes read at most 16 KB of body; HEAD is GET without a body; OPTIONS is a 405 with Allow', async () => {
    clock = HOUR0 + 6 * 3_600_000;
    const big = await t.http
      .post('/v1/session')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ code: 'x'.repeat(17 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('request body exceeds 16384 bytes');
    const head = await t.http.head('/v1/health');
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
    const options = await t.http.options('/v1/compounds/search').set('X-API-Key', t.adminKey);
    expect(options.status).toBe(405);
    expect(options.headers.allow).toBe('POST');
  });

  it('a body sent to a route that takes none is not read, and the request still works', async () => {
    const res = await t.http
      .get('/v1/content')
      .set('X-API-Key', t.adminKey)
      .set('Content-Type', 'text/plain')
      .send('x'.repeat(2 * 1024 * 1024));
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
  });
});
