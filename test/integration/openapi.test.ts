import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { RATE_LIMITS } from '../../src/shared/rate-limits.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  name?: string;
  rawPath?: string;
}

/** Every METHOD path the Express router really serves (its own stack, not our list). */
function registeredRoutes(): Set<string> {
  const out = new Set<string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            out.add(
              `${method.toUpperCase()} ${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1'),
            );
        }
      } else if (layer.name === 'router' && layer.handle?.stack) walk(layer.handle.stack, layer.rawPath ?? '');
    }
  };
  walk((t.materia.app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

describe('GET /v1/openapi.json', () => {
  it('is OpenAPI 3.1, needs no key, and documents exactly the routes the server registers', async () => {
    const res = await t.http.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    expect([...registeredRoutes()].sort()).toEqual([...documented].sort());
    expect(documented.size).toBe(Object.keys(ENDPOINTS).length + 1); // + POST /mcp
  });

  it('describes request bodies, parameters, security and limits from the validating schemas', async () => {
    const doc = (await t.http.get('/v1/openapi.json')).body;
    const search = doc.paths['/v1/compounds/search'].post;
    const body = search.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['query']);
    expect(body.properties.query.maxLength).toBe(256);
    expect(body.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(body.additionalProperties).toBe(false);
    expect(search['x-rate-limit']).toEqual({ per_minute: 100, hourly_burst: 500 });
    expect(search.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    expect(Object.keys(search.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413', '415', '429']),
    );
    const docs = doc.paths['/v1/documents'].get.parameters.map((p: { name: string }) => p.name);
    expect(docs).toEqual(['q', 'evidence_grade', 'journal', 'from', 'to', 'compound', 'source', 'limit', 'offset']);
    expect(doc.paths['/v1/health'].get.security).toEqual([]);
  });

  it('every spec §8 row is in the shared limits table', () => {
    const specRows = RATE_LIMITS.filter((r) => r.spec).flatMap((r) => r.routes);
    for (const route of [
      'POST /v1/compounds/search',
      'GET /v1/compounds/{slug}',
      'POST /v1/batch/compounds',
      'POST /v1/chat/completions',
      'POST /v1/chat/stream',
      'POST /v1/search',
      'GET /v1/documents',
      'GET /v1/monographs',
      'POST /v1/tools/bioage/calculate',
      'POST /v1/tools/bloodwork/analyze',
      'POST /v1/tools/inbody/analyze',
      'POST /v1/tools/interactions/check',
      'POST /v1/tools/macros/calculate',
      'POST /v1/tools/nutrition/analyze',
      'POST /v1/tools/peptide-stack/build',
      'POST /v1/tools/protocol/build',
      'GET /v1/api-keys',
      'POST /v1/api-keys',
      'GET /v1/webhooks',
      'POST /v1/webhooks',
      'GET /v1/monographs/{slug}',
      'GET /v1/insights',
    ]) {
      expect(specRows).toContain(route);
    }
  });
});
