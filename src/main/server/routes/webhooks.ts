/** /v1/webhooks (admin): endpoints, their delivery log, a test ping, re-enabling, and the local-targets setting. */
import { WebhookInputError } from '../../webhooks/webhook-service.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

type WebhookEndpoint =
  | 'webhookList'
  | 'webhookCreate'
  | 'webhookSettingsGet'
  | 'webhookSettingsPut'
  | 'webhookDelete'
  | 'webhookDeliveries'
  | 'webhookTest'
  | 'webhookEnable';

async function inputErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof WebhookInputError) throw new HttpError('invalid_request', err.message, err.details);
    throw err;
  }
}

export function webhookHandlers(ctx: AppContext): { [K in WebhookEndpoint]: Handler<K> } {
  const missing = (id: string) => notFound(`webhook "${id}"`);
  return {
    webhookList: () => ({ data: ctx.webhooks.list() }),
    webhookCreate: ({ body, req }) =>
      inputErrors(async () => ({
        data: await ctx.webhooks.register(body, req.apiKey?.id ?? null, req.socket.localPort),
      })),
    webhookSettingsGet: () => ({ data: ctx.webhooks.settings() }),
    webhookSettingsPut: ({ body }) => {
      ctx.webhooks.setAllowPrivate(body.allow_private_targets);
      return { data: ctx.webhooks.settings() };
    },
    webhookDelete: ({ params }) => {
      const deleted = ctx.webhooks.delete(params.id);
      if (!deleted) throw missing(params.id);
      return { data: deleted };
    },
    webhookDeliveries: ({ params, query }) => {
      if (!ctx.webhooks.get(params.id)) throw missing(params.id);
      const { total, items } = ctx.webhooks.deliveries(params.id, query);
      return {
        data: items,
        meta: {
          total,
          returned: items.length,
          limit: query.limit,
          offset: query.offset,
          has_more: query.offset + items.length < total,
        },
      };
    },
    webhookTest: async ({ params }) => {
      const delivery = await ctx.webhooks.test(params.id);
      if (!delivery) throw missing(params.id);
      return { data: delivery };
    },
    webhookEnable: ({ params, req }) =>
      inputErrors(async () => {
        const rec = await ctx.webhooks.enable(params.id, req.socket.localPort);
        if (!rec) throw missing(params.id);
        return { data: rec };
      }),
  };
}
