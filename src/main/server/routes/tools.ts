/**
 * The eight calculators and analyzers: validation happens before (the endpoint's request schema), the tool computes,
 * and `save: true` keeps the input and result in the user database for insights.
 */
import type { z } from 'zod';
import { bioageTool } from '../../tools/bioage/tool.ts';
import { bloodworkTool } from '../../tools/bloodwork/tool.ts';
import { inbodyTool } from '../../tools/inbody/tool.ts';
import { interactionsTool } from '../../tools/interactions/tool.ts';
import { macrosTool } from '../../tools/macros/tool.ts';
import { nutritionTool } from '../../tools/nutrition/tool.ts';
import { peptideStackTool } from '../../tools/peptide-stack/tool.ts';
import { protocolTool } from '../../tools/protocol/tool.ts';
import { saveToolResult } from '../../tools/saved-results.ts';
import { INSIGHT_TOOLS, refreshInsights } from '../../insights/insight-service.ts';
import { ToolInputError, type ToolContext, type ToolRunner } from '../../tools/tool.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Handler, HandlerInput } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

type ToolEndpoint =
  | 'toolBioage'
  | 'toolBloodwork'
  | 'toolInbody'
  | 'toolInteractions'
  | 'toolMacros'
  | 'toolNutrition'
  | 'toolPeptideStack'
  | 'toolProtocol';

export function toolHandlers(ctx: AppContext, toolCtx: ToolContext): { [K in ToolEndpoint]: Handler<K> } {
  const bind =
    <R extends z.ZodType, D extends z.ZodType>(tool: ToolRunner<R, D>) =>
    ({ body, req }: { body: z.infer<R>; req: HandlerInput<'toolBioage'>['req'] }) => {
      let result: Omit<z.infer<D>, 'saved_result_id'>;
      try {
        result = tool.run(toolCtx, body);
      } catch (err) {
        if (err instanceof ToolInputError) throw new HttpError('invalid_request', err.message, err.details);
        throw err;
      }
      // The saved result and its tool.result_saved event commit together; insights it gives rise to are stored (and announced) now.
      const saved = (body as { save?: boolean }).save
        ? ctx.userDb.transaction(() => {
            const at = ctx.now();
            const id = saveToolResult(ctx.userDb, {
              tool: tool.name,
              input: body,
              output: result,
              now: at,
              apiKeyId: req.apiKey?.id ?? null,
            });
            ctx.webhooks.emit('tool.result_saved', {
              saved_result_id: id,
              tool: tool.name,
              created_at: new Date(at).toISOString(),
            });
            return id;
          })()
        : null;
      if (saved && INSIGHT_TOOLS.has(tool.name))
        refreshInsights({ userDb: ctx.userDb, tool: toolCtx, documents: ctx.documents, webhooks: ctx.webhooks });
      return { data: { ...result, saved_result_id: saved } as z.infer<D> };
    };
  return {
    toolBioage: bind(bioageTool) as unknown as Handler<'toolBioage'>,
    toolBloodwork: bind(bloodworkTool) as unknown as Handler<'toolBloodwork'>,
    toolInbody: bind(inbodyTool) as unknown as Handler<'toolInbody'>,
    toolInteractions: bind(interactionsTool) as unknown as Handler<'toolInteractions'>,
    toolMacros: bind(macrosTool) as unknown as Handler<'toolMacros'>,
    toolNutrition: bind(nutritionTool) as unknown as Handler<'toolNutrition'>,
    toolPeptideStack: bind(peptideStackTool) as unknown as Handler<'toolPeptideStack'>,
    toolProtocol: bind(protocolTool) as unknown as Handler<'toolProtocol'>,
  };
}
