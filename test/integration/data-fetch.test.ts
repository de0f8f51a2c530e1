/**
 * data:fetch against a local stand-in for the canonical hosts (raw.githubusercontent.com cannot be reached from build
 * machines): a loopback HTTP server that serves each manifest file at its canonical URL path, from the shared folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../src/build/paths.ts';
import { dataDirectory, fetchData, readManifest, type DataFile } from '../../src/build/data-fetch.ts';

const manifest = readManifest();
const shared = sharedDataDir();
const byUrlPath = new Map(manifest.files.filter((f) => f.url).map((f) => [new URL(f.url!).pathname, f]));
let server: Server;
let mirror: string;
let corrupt = false;
let requests = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    const f = byUrlPath.get(req.url ?? '');
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(join(shared, f.path));
    if (corrupt) body[0] = body[0]! ^ 0xff;
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

const small = (p: string) =>
  p.startsWith('pubmedqa/LICENSE') ||
  p.startsWith('onc-high-priority-ddi/') ||
  p.startsWith('nlm-spl-ddi-corpus/DataSet_May_2014_Final/01');
const sink = () => {
  const lines: string[] = [];
  return {
    lines,
    stream: {
      isTTY: false,
      write: (s: string) => {
        lines.push(s);
        return true;
      },
    } as unknown as NodeJS.WriteStream,
  };
};

describe('npm run data:fetch', () => {
  it('the manifest pins every file of the shared folder it lists, by size and SHA-256, and names a canonical URL or what it derives from', () => {
    expect(manifest.files.length).toBe(401);
    for (const f of manifest.files) {
      expect(f.url ?? f.derived_from, f.path).toBeTruthy();
      if (f.url) expect(f.url, f.path).toMatch(/^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\//);
      const body = readFileSync(join(shared, f.path));
      expect(body.length, f.path).toBe(f.bytes);
      expect(createHash('sha256').update(body).digest('hex'), f.path).toBe(f.sha256);
    }
    for (const p of [
      'scifact/corpus.jsonl',
      'pubmedqa/ori_pqal.json',
      'ddinter/ddinter_downloads_code_A.csv',
      'lab-reference-ranges-nlm/reference_ranges.csv',
      'drugsatfda-products/Products.txt',
    ]) {
      expect(
        manifest.files.some((f) => f.path === p),
        p,
      ).toBe(true);
    }
  });

  it('downloads into an empty data directory byte for byte, with a progress bar, and keeps verified files on a second run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    const out = sink();
    const log: string[] = [];
    const first = await fetchData({ dataDir, mirror, only: small, progress: out.stream, log: (l) => log.push(l) });
    const expected = manifest.files.filter((f) => small(f.path));
    expect(first.downloaded.sort()).toEqual(expected.map((f) => f.path).sort());
    expect(first.bytes).toBe(expected.reduce((n, f) => n + f.bytes, 0));
    for (const f of expected)
      expect(readFileSync(join(dataDir, f.path)).equals(readFileSync(join(shared, f.path))), f.path).toBe(true);
    expect(out.lines.at(-1)).toMatch(new RegExp(`^data:fetch bytes \\[#{30}\\] ${first.bytes}/${first.bytes}\\n$`));
    expect(log[0]).toContain(`${expected.length} downloaded`);

    const before = requests;
    const second = await fetchData({ dataDir, mirror, only: small, progress: sink().stream, log: () => {} });
    expect(second).toMatchObject({ downloaded: [], bytes: 0 });
    expect(second.present.length).toBe(expected.length);
    expect(requests).toBe(before);
  });

  it('refuses a file whose SHA-256 does not match and leaves nothing in its place', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    corrupt = true;
    try {
      await expect(
        fetchData({ dataDir, mirror, only: (p) => p === 'pubmedqa/LICENSE', progress: sink().stream, log: () => {} }),
      ).rejects.toThrow(/pubmedqa\/LICENSE: SHA-256 [0-9a-f]{64} does not match the pinned/);
    } finally {
      corrupt = false;
    }
    expect(existsSync(join(dataDir, 'pubmedqa/LICENSE'))).toBe(false);
  });

  it('offline, it fails with a clear message naming MATERIA_SHARED_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    await expect(
      fetchData({
        dataDir,
        mirror: 'http://127.0.0.1:9',
        only: (p) => p === 'pubmedqa/LICENSE',
        progress: sink().stream,
        log: () => {},
      }),
    ).rejects.toThrow(/cannot reach 127\.0\.0\.1:9 .*Are you online\?.*MATERIA_SHARED_DIR/);
  });

  it('rebuilds converted files from their downloaded originals, byte for byte (NLM ranges, USDA SR28 CSVs)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    const wanted = [
      'lab-reference-ranges-nlm/reference_ranges.csv',
      'usda-sr28/foods.csv',
      'usda-sr28/nutrients.csv',
      'usda-sr28/household_weights.csv',
    ];
    const r = await fetchData({
      dataDir,
      mirror,
      only: (p) => wanted.includes(p),
      progress: sink().stream,
      log: () => {},
    });
    expect(r.derived.sort()).toEqual([...wanted].sort());
    expect(r.downloaded.sort()).toEqual([
      'lab-reference-ranges-nlm/original/h17.js',
      'usda-sr28/original/FD_GROUP.txt',
      'usda-sr28/original/FOOD_DES.txt',
      'usda-sr28/original/NUTR_DEF.txt',
      'usda-sr28/original/WEIGHT.txt',
    ]);
    for (const p of wanted) expect(readFileSync(join(dataDir, p)).equals(readFileSync(join(shared, p))), p).toBe(true);
  });

  it('a whole empty data directory: everything downloads or is rebuilt except the four conversions without a public original', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    const r = await fetchData({ dataDir, mirror, progress: sink().stream, log: () => {} });
    expect(r.downloaded.length).toBe(393);
    expect(r.derived.length).toBe(4);
    expect(r.derivedMissing.map((f) => f.path).sort()).toEqual([
      'cord19-metadata-sample/cord19_metadata_sample.csv',
      'drugbank-open/drugbank_vocabulary.csv',
      'scifact/corpus.jsonl',
      'usda-sr28/nutrient_values_per100g.csv',
    ]);
  });

  it('reports a missing derived file instead of inventing a source for it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-data-'));
    const log: string[] = [];
    const r = await fetchData({
      dataDir,
      mirror,
      only: (p) => p === 'scifact/corpus.jsonl',
      progress: sink().stream,
      log: (l) => log.push(l),
    });
    expect(r.derivedMissing.map((f: DataFile) => f.path)).toEqual(['scifact/corpus.jsonl']);
    expect(log.join('\n')).toMatch(/scifact\/corpus\.jsonl is missing and has no byte-identical public copy/);
  });

  it('the data directory is MATERIA_SHARED_DIR/data', () => {
    expect(dataDirectory({ MATERIA_SHARED_DIR: '/srv/materia-shared' })).toBe('/srv/materia-shared/data');
  });
});
