/**
 * model:fetch against a local stand-in for the Hugging Face hub (the real hub cannot be reached from build machines):
 * a loopback HTTP server that serves the fixture model's files under /<model>/resolve/main/<file>, as the hub does.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchModel } from '../../src/main/search/model-fetch.ts';
import { missingModelFiles } from '../../src/main/search/model-files.ts';
import { FIXTURE_MODEL } from '../helpers/app.ts';

let hub: Server;
let endpoint: string;
let corrupt = false;
beforeAll(async () => {
  hub = createServer((req, res) => {
    const m = /^\/(.+)\/resolve\/main\/(.+)$/.exec(req.url ?? '');
    if (!m || m[1] !== FIXTURE_MODEL.modelId) {
      res.writeHead(404).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(join(FIXTURE_MODEL.modelDir, m[1], m[2]!));
    } catch {
      res.writeHead(404).end();
      return;
    }
    const sha = createHash('sha256').update(body).digest('hex');
    res.writeHead(200, {
      'content-length': body.length,
      ...(m[2]!.endsWith('.onnx') ? { 'x-linked-etag': `"${corrupt ? '0'.repeat(64) : sha}"` } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((ok) => hub.listen(0, '127.0.0.1', ok));
  endpoint = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
});
afterAll(() => {
  hub.close();
});

describe('npm run model:fetch', () => {
  it('downloads every file the loader needs, byte for byte, verifying SHA-256', async () => {
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    const lines: string[] = [];
    await fetchModel({ modelId: FIXTURE_MODEL.modelId, modelDir, endpoint, log: (l) => lines.push(l) });
    expect(missingModelFiles({ modelId: FIXTURE_MODEL.modelId, modelDir })).toEqual([]);
    for (const f of ['tokenizer.json', 'onnx/model_quantized.onnx']) {
      expect(
        readFileSync(join(modelDir, FIXTURE_MODEL.modelId, f)).equals(
          readFileSync(join(FIXTURE_MODEL.modelDir, FIXTURE_MODEL.modelId, f)),
        ),
      ).toBe(true);
    }
    expect(lines.some((l) => l.includes('model_quantized.onnx') && l.includes('done'))).toBe(true);
  });

  it('refuses a file whose hash does not match, leaving nothing that looks complete', async () => {
    corrupt = true;
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await expect(fetchModel({ modelId: FIXTURE_MODEL.modelId, modelDir, endpoint, log: () => {} })).rejects.toThrow(
      /does not match/,
    );
    expect(missingModelFiles({ modelId: FIXTURE_MODEL.modelId, modelDir })).toContain('onnx/model_quantized.onnx');
    corrupt = false;
  });

  it('fails with a clear message when offline', async () => {
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await expect(
      fetchModel({ modelId: 'Xenova/bge-small-en-v1.5', modelDir, endpoint: 'http://127.0.0.1:9', log: () => {} }),
    ).rejects.toThrow(/cannot reach 127\.0\.0\.1:9 .*Are you online\?/);
  });
});
