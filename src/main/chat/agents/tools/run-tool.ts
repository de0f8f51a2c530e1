/** Runs one of the /v1/tools calculators for an agent: the same request schema and code as the HTTP route. */
import type { z } from 'zod';
import { ToolInputError, type ToolContext, type ToolRunner } from '../../../tools/tool.ts';
import { cite, type Source } from '../../evidence.ts';

export type ToolRun<D> = { ok: true; data: D; method: Source } | { ok: false; problems: string[] };

export function runTool<R extends z.ZodType, D extends z.ZodType>(
  tool: ToolRunner<R, D>,
  route: string,
  ctx: ToolContext,
  input: unknown,
): ToolRun<Omit<z.infer<D>, 'saved_result_id'>> {
  const parsed = tool.request.safeParse(input);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`) };
  try {
    const data = tool.run(ctx, parsed.data);
    const method = (data as unknown as { method: { name: string; reference: string } }).method;
    return { ok: true, data, method: cite.method(route, `${method.name}. ${method.reference}`) };
  } catch (err) {
    if (err instanceof ToolInputError)
      return { ok: false, problems: err.details.map((d) => `${d.field}: ${d.message}`) };
    throw err;
  }
}
