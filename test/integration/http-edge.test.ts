import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/errors.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A raw request, for headers supertest would otherwise fix up (Host). */
function raw(opts: {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }> {
  return new Promise((ok, fail) => {
    const req = http.request(
      { host: '127.0.0.1', port: t.port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        let data = '';
        res.on('data', (c: Buffer) => {
          data += c.toString();
        });
        res.on('end', () => ok({ status: res.statusCode!, body: JSON.parse(data) as unknown, headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

describe('error envelope on every error path', () => {
  it('404 for unknown routes, inside and outside /v1', async () => {
    for (const path of ['/v1/nope', '/nope', '/v1']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(ErrorEnvelope.parse(res.body).error.code).toBe('not_found');
    }
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const res = await t.http.delete('/v1/compounds/search').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .set('Content-Type', 'application/json')
      .send('{"query": "x",');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_request',
      message: 'request body is not valid JSON',
      details: [{ field: 'body', message: 'malformed JSON' }],
    });
  });

  it('413 for a body over 1 MB', async () => {
    const res = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: 'x', pad: 'y'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('415 for a non-JSON body', async () => {
    const res = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .set('Content-Type', 'text/plain')
      .send('query=x');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
    const form = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .type('form')
      .send({ query: 'x' });
    expect(form.status).toBe(415);
  });

  it('500 without a stack trace when something unexpected fails', async () => {
    const { startTestApp: start } = await import('../helpers/app.ts');
    const broken = await start();
    broken.contentDb.close(); // a real fault: the database goes away under the server
    const res = await broken.http.get('/v1/compounds/metformin').set('X-API-Key', broken.adminKey);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'internal', message: 'internal error' } });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
    await broken.close();
  });
});

describe('local-server hardening', () => {
  it('rejects a foreign Host header (DNS rebinding) and accepts the loopback names', async () => {
    const evil = await raw({ path: '/v1/health', headers: { host: `evil.example:${t.port}` } });
    expect(evil.status).toBe(403);
    expect((evil.body as { error: { details: { field: string }[] } }).error.details[0]!.field).toBe('Host');
    const otherPort = await raw({ path: '/v1/health', headers: { host: `127.0.0.1:${t.port + 1}` } });
    expect(otherPort.status).toBe(403);
    for (const host of [`127.0.0.1:${t.port}`, `localhost:${t.port}`, `[::1]:${t.port}`]) {
      expect((await raw({ path: '/v1/health', headers: { host } })).status).toBe(200);
    }
  });

  it('rejects foreign origins, accepts its own, and never sends CORS headers', async () => {
    const foreign = await t.http.get('/v1/health').set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await t.http.get('/v1/health').set('Origin', `http://127.0.0.1:${t.port}`);
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health and content', () => {
  it('GET /v1/health needs no key and reports versions, counts and search mode', async () => {
    const res = await t.http.get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', version: 'test', search_mode: 'lexical' });
    expect(res.body.data.content.counts.documents).toBe(5183 + 3496 + 1000);
    expect(res.body.data.content.version).toMatch(/^\d{4}\.\d{2}\.\d+$/);
  });

  it('GET /v1/content lists every source with its licence', async () => {
    const res = await t.http.get('/v1/content').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(200);
    const ids = res.body.data.sources.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['materia-editorial', 'scifact', 'cord19', 'drugbank-vocabulary']));
    const scifact = res.body.data.sources.find((s: { id: string }) => s.id === 'scifact');
    expect(scifact).toMatchObject({ records: 5183, licence: expect.stringContaining('ODC-By') as string });
  });
});
