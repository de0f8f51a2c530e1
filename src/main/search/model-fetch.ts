/**
 * `npm run model:fetch`: downloads the embedding model (MATERIA_MODEL, default Xenova/bge-small-en-v1.5) from the
 * Hugging Face hub into MATERIA_MODEL_DIR (default resources/models), with progress, verifying the SHA-256 the hub
 * reports for large files. Each file is written to a temporary name and renamed when complete, so an interrupted
 * download never leaves a half file that looks finished. MATERIA_HF_ENDPOINT points it at a mirror.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_MODEL, MODEL_FILES } from './model-files.ts';

const OPTIONAL_FILES = ['special_tokens_map.json', 'vocab.txt'];

export interface FetchOptions { modelId: string; modelDir: string; endpoint: string; log: (line: string) => void; force?: boolean }

async function download(url: string, dest: string, log: (line: string) => void, optional: boolean): Promise<'ok' | 'skipped'> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow' });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new Error(`cannot reach ${new URL(url).host} (${cause}). Are you online? The model is downloaded once; after that Materia works offline.`, { cause: err });
  }
  if (res.status === 404 && optional) return 'skipped';
  if (!res.ok || !res.body) throw new Error(`${url} answered HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length') ?? 0);
  const expected = res.headers.get('x-linked-etag')?.replace(/"/g, '') ?? null;
  mkdirSync(dirname(dest), { recursive: true });
  const tmp = `${dest}.part`;
  const out = createWriteStream(tmp);
  const hash = createHash('sha256');
  let got = 0;
  let lastPrint = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    got += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((ok) => out.once('drain', () => ok()));
    if (Date.now() - lastPrint > 500) {
      lastPrint = Date.now();
      log(`  ${dest.split('/').slice(-2).join('/')}: ${(got / 1e6).toFixed(1)}${total ? ` / ${(total / 1e6).toFixed(1)}` : ''} MB`);
    }
  }
  await new Promise<void>((ok, fail) => out.end((err?: Error | null) => (err ? fail(err) : ok())));
  const digest = hash.digest('hex');
  if (expected && /^[0-9a-f]{64}$/.test(expected) && expected !== digest) {
    rmSync(tmp, { force: true });
    throw new Error(`${url}: SHA-256 ${digest} does not match the hub's ${expected}`);
  }
  renameSync(tmp, dest);
  log(`  ${dest.split('/').slice(-2).join('/')}: ${(got / 1e6).toFixed(1)} MB done`);
  return 'ok';
}

export async function fetchModel(o: FetchOptions): Promise<void> {
  const base = `${o.endpoint.replace(/\/$/, '')}/${o.modelId}/resolve/main`;
  o.log(`downloading ${o.modelId} from ${o.endpoint} into ${join(o.modelDir, o.modelId)}`);
  for (const file of [...MODEL_FILES, ...OPTIONAL_FILES]) {
    const dest = join(o.modelDir, o.modelId, file);
    if (existsSync(dest) && !o.force) { o.log(`  ${file}: already there`); continue; }
    const r = await download(`${base}/${file}`, dest, o.log, OPTIONAL_FILES.includes(file));
    if (r === 'skipped') o.log(`  ${file}: not in this model (optional)`);
  }
  o.log('done: restart Materia (npm start) and search switches to hybrid once the index is built');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const repoRoot = resolve(import.meta.dirname, '../../..');
  fetchModel({
    modelId: process.env.MATERIA_MODEL?.trim() || DEFAULT_MODEL,
    modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(repoRoot, 'resources/models')),
    endpoint: process.env.MATERIA_HF_ENDPOINT ?? 'https://huggingface.co',
    force: process.argv.includes('--force'),
    log: (l) => console.log(l),
  }).catch((err: unknown) => {
    console.error(`model:fetch failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
