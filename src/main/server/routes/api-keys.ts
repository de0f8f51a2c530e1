/** GET/POST /v1/api-keys and DELETE /v1/api-keys/{id} (admin): keys are created and revoked through KeyStore. */
import { MAX_KEY_LIFETIME_DAYS } from '../../../shared/schemas/api-keys.ts';
import { apiKeyEventData } from '../../webhooks/event-data.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { durably } from '../../db/durability.ts';

type ApiKeyEndpoint = 'apiKeyList' | 'apiKeyCreate' | 'apiKeyRevoke';

export function apiKeyHandlers(ctx: AppContext): { [K in ApiKeyEndpoint]: Handler<K> } {
  return {
    apiKeyList: ({ query }) => {
      const { total, items } = ctx.keys.page({
        includeRevoked: query.include_revoked,
        limit: query.limit,
        offset: query.offset,
      });
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
    apiKeyCreate: ({ body, req }) => {
      const creator = req.apiKey!;
      const missing = body.scopes.filter((s) => !creator.scopes.includes(s));
      if (missing.length) {
        throw new HttpError('forbidden', `a key cannot grant scopes its creator lacks (${missing.join(', ')})`, [
          { field: 'scopes', message: `this key has ${creator.scopes.join(', ')}` },
        ]);
      }
      const now = ctx.now();
      let expiresAt: string | null = null;
      if (body.expires_at) {
        const t = Date.parse(body.expires_at);
        if (t <= now)
          throw new HttpError('invalid_request', 'expires_at must be in the future', [
            { field: 'expires_at', message: 'is not in the future' },
          ]);
        if (t > now + MAX_KEY_LIFETIME_DAYS * 86_400_000)
          throw new HttpError('invalid_request', `expires_at must be within ${MAX_KEY_LIFETIME_DAYS} days`, [
            { field: 'expires_at', message: 'too far ahead' },
          ]);
        expiresAt = new Date(t).toISOString();
      }
      if (creator.expires_at) {
        if (expiresAt && Date.parse(expiresAt) > Date.parse(creator.expires_at)) {
          throw new HttpError('forbidden', 'a key cannot outlive the key that creates it', [
            { field: 'expires_at', message: `must not be after ${creator.expires_at}` },
          ]);
        }
        expiresAt ??= creator.expires_at;
      }
      const { key, record } = durably(
        ctx.userDb,
        ctx.userDb.transaction(() => {
          const created = ctx.keys.create(body.name, body.scopes, { expiresAt, createdBy: creator.id });
          ctx.webhooks.emit('api_key.created', apiKeyEventData(created.record));
          return created;
        }),
      );
      return { data: { ...record, key } };
    },
    apiKeyRevoke: ({ params }) => {
      if (!ctx.keys.get(params.id)) throw notFound(`API key "${params.id}"`);
      durably(
        ctx.userDb,
        ctx.userDb.transaction(() => {
          if (ctx.keys.revoke(params.id))
            ctx.webhooks.emit('api_key.revoked', apiKeyEventData(ctx.keys.get(params.id)!));
        }),
      );
      return { data: ctx.keys.get(params.id)! };
    },
  };
}
