/** Shared by the tools' unit tests: the built content database and a ToolContext over it. */
import { join, resolve } from 'node:path';
import { CompoundRepo } from '../compounds/compound-repo.ts';
import { openContentDb, type Db } from '../db/connection.ts';
import { MonographRepo } from '../monographs/monograph-repo.ts';
import type { ToolContext } from './tool.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const CONTENT_DB = resolve(process.env.MATERIA_CONTENT_DB ?? join(REPO_ROOT, 'resources/db/content.sqlite'));

export function openToolContext(): { content: Db; ctx: ToolContext } {
  const content = openContentDb(CONTENT_DB);
  const compounds = new CompoundRepo(content);
  return { content, ctx: { content, compounds, monographs: new MonographRepo(content, compounds), now: () => 0 } };
}
