import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_DIR = resolve(REPO_ROOT, 'resources/content');
export const VOCABULARY_DIR = resolve(REPO_ROOT, 'resources/vocabulary');
export const BUILD_DIR = resolve(REPO_ROOT, 'src/build');
export const DEFAULT_CONTENT_DB = resolve(REPO_ROOT, 'resources/db/content.sqlite');

/** The public datasets (read at build time only). */
export function sharedDataDir(): string {
  const dir = resolve(process.env.MATERIA_SHARED_DIR ?? resolve(REPO_ROOT, '../shared'), 'data');
  if (!existsSync(dir)) {
    throw new Error(
      `public datasets not found at ${dir}: put the shared/ folder beside the repository or set MATERIA_SHARED_DIR`,
    );
  }
  return dir;
}
