/**
 * A tampered model file is never used: `npm start`'s install check may trust a stat stamp, but a changed file changes
 * its stat data (ctime, even with size and mtime put back), and the embedding worker checks every pinned SHA-256 before
 * it loads the model. The server then stays up with lexical search and says why.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, type ModelConfig } from '../../src/main/search/model-files.ts';
import { loadEncoder } from '../../src/main/search/model/encoder.ts';
import { installedByStamp } from '../../src/main/search/model/install.ts';
import { MINILM } from '../../src/main/search/model/manifest.ts';
import { modelFileProblems } from '../../src/main/search/model/verify.ts';
import { REPO_ROOT, startTestApp } from '../helpers/app.ts';
import { editInPlace, later } from '../helpers/edit-in-place.ts';

const installed = resolve(process.env.MATERIA_MODEL_DIR ?? join(REPO_ROOT, 'resources/models'));
let tmp: string;
let model: ModelConfig;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'materia-model-verify-'));
  model = { modelId: DEFAULT_MODEL, modelDir: join(tmp, 'models') };
  cpSync(join(installed, DEFAULT_MODEL), join(model.modelDir, DEFAULT_MODEL), { recursive: true });
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('a pinned model file changed after installation', () => {
  const stamp = () => join(tmp, 'verified.json');
  const onnx = () => join(model.modelDir, DEFAULT_MODEL, 'onnx/model_quantized.onnx');

  it('is found by the install check despite its stamp, and by the load-time check', () => {
    expect(modelFileProblems(MINILM, model.modelDir)).toEqual([]);
    expect(installedByStamp(MINILM, model.modelDir, stamp(), later())).toBe(true);
    editInPlace(onnx());
    expect(installedByStamp(MINILM, model.modelDir, stamp(), later())).toBe(false);
    expect(modelFileProblems(MINILM, model.modelDir)).toEqual([
      expect.stringMatching(/^onnx\/model_quantized\.onnx: SHA-256 [0-9a-f]{64} does not match the pinned 8199be6f/),
    ]);
  });

  it('is refused by the encoder, before transformers.js reads it', async () => {
    await expect(loadEncoder(model.modelDir, model.modelId)).rejects.toThrow(
      /not the pinned ones.*npm run model:fetch -- --force/,
    );
  });

  it('leaves the server up, searching lexically, with the reason in /v1/health', async () => {
    const t = await startTestApp({ model });
    try {
      const health = (await t.http.get('/v1/health')).body.data;
      expect(health.search_index.state).toBe('error');
      expect(health.search_mode).toBe('lexical');
      expect(health.search_mode_reason).toMatch(/onnx\/model_quantized\.onnx: SHA-256 .* does not match the pinned/);
      const search = await t.http.post('/v1/search').set('X-API-Key', t.adminKey).send({ query: 'metformin' });
      expect(search.status).toBe(200);
      expect(search.body.data.search_mode).toBe('lexical');
    } finally {
      await t.close();
    }
  });
});
