/**
 * `npm run data:fetch`: puts the public datasets the content build reads into the data directory
 * (MATERIA_SHARED_DIR/data, default ../shared/data), so that a clone elsewhere can build its own content.
 *
 * resources/data/data-sources.json lists every file with its pinned SHA-256. Files with a `url` are downloaded from
 * that canonical public copy (a pinned commit of the repository each dataset README names), written to a temporary
 * file and renamed into place only when the hash matches. Files already present with the right hash are kept.
 * Files marked `derived_from` have no byte-identical public copy: those with a `derive` method are rebuilt from their
 * downloaded inputs (src/build/data-derive.ts) and checked against the pinned hash; the rest are reported.
 *
 *   npm run data:fetch                        fetch what is missing
 *   MATERIA_DATA_MIRROR=http://host:port …    fetch the same paths from a mirror (replaces scheme and host)
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { progressReporter } from '../main/cli/progress-bar.ts';
import { DERIVERS } from './data-derive.ts';

export interface DataFile {
  path: string;
  bytes: number;
  sha256: string;
  url?: string;
  derived_from?: string;
  derive?: string;
  inputs?: string[];
}
export interface DataManifest {
  description: string;
  files: DataFile[];
}

export const MANIFEST_PATH = resolve(import.meta.dirname, '../../resources/data/data-sources.json');

export function readManifest(path = MANIFEST_PATH): DataManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as DataManifest;
}

/** The data directory the build reads: MATERIA_SHARED_DIR/data, default ../shared/data beside the repository. */
export function dataDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.MATERIA_SHARED_DIR ?? resolve(import.meta.dirname, '../../../shared'), 'data');
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface FetchOptions {
  dataDir: string;
  manifest?: DataManifest;
  /** only these paths (default: all) */
  only?: (path: string) => boolean;
  /** base URL of a mirror that serves the same paths (MATERIA_DATA_MIRROR) */
  mirror?: string;
  log?: (line: string) => void;
  progress?: NodeJS.WriteStream;
}

export interface FetchReport {
  downloaded: string[];
  derived: string[];
  present: string[];
  derivedMissing: DataFile[];
  bytes: number;
}

function sourceUrl(f: DataFile, mirror: string | undefined): string {
  if (!mirror) return f.url!;
  const u = new URL(f.url!);
  return `${mirror.replace(/\/$/, '')}${u.pathname}`;
}

/** Why a request failed, in words a person offline recognises. */
function offlineMessage(url: string, err: unknown, dataDir: string): string {
  const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
  const host = new URL(url).host;
  return (
    `cannot reach ${host} (${cause}) to download ${url}. Are you online? Without a network, copy the public datasets ` +
    `into ${dataDir} yourself, or set MATERIA_SHARED_DIR to a folder whose data/ subfolder holds them.`
  );
}

async function download(
  f: DataFile,
  url: string,
  target: string,
  opts: FetchOptions,
  total: { done: number; all: number },
  draw: (d: number, t: number) => void,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new Error(offlineMessage(url, err, opts.dataDir), { cause: err });
  }
  if (!res.ok || !res.body) throw new Error(`download of ${f.path} failed: ${url} answered HTTP ${res.status}`);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.part`;
  const hash = createHash('sha256');
  const out = createWriteStream(tmp);
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      total.done += chunk.byteLength;
      draw(total.done, total.all);
      if (!out.write(chunk)) await new Promise<void>((ok) => out.once('drain', ok));
    }
    await new Promise<void>((ok, fail) => out.end((err?: Error | null) => (err ? fail(err) : ok())));
  } catch (err) {
    out.destroy();
    rmSync(tmp, { force: true });
    throw err;
  }
  const got = hash.digest('hex');
  if (got !== f.sha256) {
    rmSync(tmp, { force: true });
    throw new Error(
      `${f.path}: SHA-256 ${got} does not match the pinned ${f.sha256} (from ${url}); nothing was written`,
    );
  }
  renameSync(tmp, target);
}

export async function fetchData(opts: FetchOptions): Promise<FetchReport> {
  const manifest = opts.manifest ?? readManifest();
  const log = opts.log ?? ((l: string) => console.log(l));
  const files = manifest.files.filter((f) => !opts.only || opts.only(f.path));
  const report: FetchReport = { downloaded: [], derived: [], present: [], derivedMissing: [], bytes: 0 };
  const todo: DataFile[] = [];
  const toDerive: DataFile[] = [];
  const byPath = new Map(manifest.files.map((f) => [f.path, f]));
  const queued = new Set<string>();
  const queue = async (f: DataFile): Promise<void> => {
    if (queued.has(f.path)) return;
    queued.add(f.path);
    const target = join(opts.dataDir, f.path);
    if (existsSync(target) && (await sha256Of(target)) === f.sha256) {
      report.present.push(f.path);
      return;
    }
    if (f.url) {
      todo.push(f);
      return;
    }
    if (f.derive && DERIVERS[f.derive]) {
      // The inputs come along even when only the derived file was asked for.
      for (const input of f.inputs ?? []) await queue(byPath.get(input)!);
      toDerive.push(f);
      return;
    }
    report.derivedMissing.push(f);
  };
  for (const f of files) await queue(f);
  const total = { done: 0, all: todo.reduce((n, f) => n + f.bytes, 0) };
  const draw = progressReporter('data:fetch bytes', opts.progress ?? process.stderr, 5_000_000);
  for (const f of todo) {
    await download(f, sourceUrl(f, opts.mirror), join(opts.dataDir, f.path), opts, total, draw);
    report.downloaded.push(f.path);
  }
  for (const f of toDerive) {
    const body = DERIVERS[f.derive!]!(opts.dataDir);
    const got = createHash('sha256').update(body).digest('hex');
    if (got !== f.sha256)
      throw new Error(
        `${f.path}: rebuilt from ${(f.inputs ?? []).join(', ')}, its SHA-256 ${got} does not match the pinned ${f.sha256}; nothing was written`,
      );
    const target = join(opts.dataDir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.${process.pid}.part`, body);
    renameSync(`${target}.${process.pid}.part`, target);
    report.derived.push(f.path);
  }
  report.bytes = total.done;
  log(
    `data:fetch: ${report.downloaded.length} downloaded (${(report.bytes / 1e6).toFixed(1)} MB), ${report.derived.length} rebuilt from their originals, ${report.present.length} already present and verified, into ${opts.dataDir}`,
  );
  for (const f of report.derivedMissing) {
    log(
      `data:fetch: ${f.path} is missing and has no byte-identical public copy to download (${f.derived_from}); copy it from a Materia shared folder (sha256 ${f.sha256})`,
    );
  }
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dataDir = dataDirectory();
  try {
    mkdirSync(dataDir, { recursive: true });
    const report = await fetchData({ dataDir, mirror: process.env.MATERIA_DATA_MIRROR });
    process.exit(report.derivedMissing.length ? 2 : 0);
  } catch (err) {
    console.error(`data:fetch failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
