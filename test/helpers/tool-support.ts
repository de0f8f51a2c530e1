/** Shared by the tools' unit tests: the built content database and a ToolContext over it. */
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { z } from 'zod';
import { CompoundRepo } from '../../src/main/compounds/compound-repo.ts';
import { openContentDb, type Db } from '../../src/main/db/connection.ts';
import { MonographRepo } from '../../src/main/monographs/monograph-repo.ts';
import { issuesToDetails } from '../../src/shared/field-errors.ts';
import type { ToolContext, ToolRunner } from '../../src/main/tools/tool.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_DB = resolve(process.env.MATERIA_CONTENT_DB ?? join(REPO_ROOT, 'resources/db/content.sqlite'));

export function openToolContext(): { content: Db; ctx: ToolContext } {
  const content = openContentDb(CONTENT_DB);
  const compounds = new CompoundRepo(content);
  return { content, ctx: { content, compounds, monographs: new MonographRepo(content, compounds), now: () => 0 } };
}

/** Runs a tool as the API would (schema-parsed input) and checks its output against the published response shape. */
export function runTool<R extends z.ZodType, D extends z.ZodType>(
  tool: ToolRunner<R, D>,
  ctx: ToolContext,
  body: unknown,
) {
  const out = tool.run(ctx, tool.request.parse(body) as z.infer<R>);
  tool.data.parse({ ...out, saved_result_id: null });
  return out;
}

/** The fields a request schema names when it rejects `body` (the same details the API would send). */
export function rejectedFields(schema: z.ZodType, body: unknown): string[] {
  const r = schema.safeParse(body);
  expect(r.success).toBe(false);
  return issuesToDetails(r.success ? [] : r.error.issues, 'body').map((d) => d.field);
}
