/** POST /v1/tools/interactions/check: the pair model (src/main/interactions, docs/interactions.md) over the names given. */
import { InteractionsData, InteractionsRequest } from '../../../shared/schemas/tools/interactions.ts';
import { normalizeName } from '../../vocabulary/normalize.ts';
import { checkInteractions } from '../../interactions/check.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';

export const interactionsTool: ToolRunner<typeof InteractionsRequest, typeof InteractionsData> = {
  name: 'interactions',
  request: InteractionsRequest,
  data: InteractionsData,
  run(ctx, input) {
    input.substances.forEach((name, i) => {
      if (!normalizeName(name)) throw new ToolInputError(`substances.${i} has no letters or digits`, [{ field: `substances.${i}`, message: 'must contain letters or digits' }]);
    });
    const out = checkInteractions(ctx.content, input.substances);
    if (out.substances.filter((s) => s.duplicate_of === null).length < 2) {
      throw new ToolInputError('substances names fewer than two different substances', [{ field: 'substances', message: 'all entries name the same substance; give at least two different ones' }]);
    }
    return out;
  },
};
