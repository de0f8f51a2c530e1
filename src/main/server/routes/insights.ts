/** GET/PUT /v1/profile and GET /v1/insights. */
import { refreshInsights } from '../../insights/insight-service.ts';
import { checkProfile } from '../../insights/profile-check.ts';
import { readProfile, writeProfile } from '../../insights/profile-store.ts';
import { ToolInputError, type ToolContext } from '../../tools/tool.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

type InsightEndpoint = 'profileGet' | 'profilePut' | 'insightList';

export function insightHandlers(ctx: AppContext, tool: ToolContext): { [K in InsightEndpoint]: Handler<K> } {
  const deps = { userDb: ctx.userDb, tool, documents: ctx.documents, webhooks: ctx.webhooks };
  return {
    profileGet: () => ({ data: readProfile(ctx.userDb) }),
    profilePut: ({ body }) => {
      let compounds: string[];
      try {
        compounds = checkProfile(tool, body);
      } catch (err) {
        if (err instanceof ToolInputError) throw new HttpError('invalid_request', err.message, err.details);
        throw err;
      }
      const profile = writeProfile(ctx.userDb, { ...body, compounds }, ctx.now());
      refreshInsights(deps); // new insights are stored (and announced) when they arise, not only when listed
      return { data: profile };
    },
    insightList: ({ query }) => {
      const { insights, created } = refreshInsights(deps);
      const matching = query.kind ? insights.filter((i) => i.kind === query.kind) : insights;
      const page = matching.slice(query.offset, query.offset + query.limit);
      return {
        data: page,
        meta: {
          total: matching.length,
          returned: page.length,
          limit: query.limit,
          offset: query.offset,
          has_more: query.offset + page.length < matching.length,
          new: created,
        },
      };
    },
  };
}
