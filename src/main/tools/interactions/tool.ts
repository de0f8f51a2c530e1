/** POST /v1/tools/interactions/check: the pair model (src/main/interactions, docs/interactions.md) over the names given. */
import { InteractionsData, InteractionsRequest } from '../../../shared/schemas/tools/interactions.ts';
import { normalizeName } from '../../vocabulary/normalize.ts';
import { checkInteractions, listLines } from '../../interactions/check.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';

export const interactionsTool: ToolRunner<typeof InteractionsRequest, typeof InteractionsData> = {
  name: 'interactions',
  request: InteractionsRequest,
  data: InteractionsData,
  run(ctx, input) {
    const field = input.list !== undefined ? 'list' : 'substances';
    const names = input.list !== undefined ? listLines(ctx.content, input.list) : input.substances!;
    if (input.list !== undefined && (names.length < 2 || names.length > 30)) {
      throw new ToolInputError(`list has ${names.length} line${names.length === 1 ? '' : 's'}`, [
        {
          field: 'list',
          message: `must have 2–30 lines (one medicine each, or separated by commas or semicolons); found ${names.length}`,
        },
      ]);
    }
    if (input.list === undefined) {
      names.forEach((name, i) => {
        if (!normalizeName(name))
          throw new ToolInputError(`substances.${i} has no letters or digits`, [
            { field: `substances.${i}`, message: 'must contain letters or digits' },
          ]);
      });
    }
    const out = checkInteractions(
      ctx.content,
      names.filter((n) => normalizeName(n)),
    );
    if (out.substances.filter((s) => s.duplicate_of === null).length < 2) {
      throw new ToolInputError(`${field} names fewer than two different substances`, [
        { field, message: 'fewer than two different medicines were found; give at least two different ones' },
      ]);
    }
    return out;
  },
};
