/**
 * A pinned model's files against their manifest (SHA-256 and size). The embedding worker and the content build run this
 * before every load, so a file changed after installation is never used, whatever any stamp says.
 * Only erasable TypeScript: the worker may run under plain type stripping.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelManifest } from './manifest.ts';

/** One line per file that is missing or differs from its pin; empty when every file matches. */
export function modelFileProblems(manifest: ModelManifest, modelDir: string): string[] {
  const problems: string[] = [];
  for (const f of manifest.files) {
    const p = join(modelDir, manifest.modelId, f.path);
    let bytes: number;
    try {
      bytes = statSync(p).size;
    } catch {
      problems.push(`${f.path}: missing`);
      continue;
    }
    // The size first: a truncated or replaced file is then found without reading it.
    if (bytes !== f.bytes) {
      problems.push(`${f.path}: ${bytes} bytes, pinned ${f.bytes}`);
      continue;
    }
    const sha = createHash('sha256').update(readFileSync(p)).digest('hex');
    if (sha !== f.sha256) problems.push(`${f.path}: SHA-256 ${sha} does not match the pinned ${f.sha256}`);
  }
  return problems;
}
