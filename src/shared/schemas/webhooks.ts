import { z } from 'zod';
import { MAX_OFFSET, PageMeta, QueryInt, success, successWithMeta } from './common.ts';

/** Events of DESIGN.md §5; `ping` is only sent by POST /v1/webhooks/{id}/test. */
export const WEBHOOK_EVENT_TYPES = [
  'api_key.created',
  'api_key.revoked',
  'content.updated',
  'document.imported',
  'insight.created',
  'tool.result_saved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** At most this many endpoints can be registered. */
export const MAX_WEBHOOKS = 50;

export const WebhookCreateRequest = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .max(2048)
    .describe(
      'where to POST events; must not resolve to a loopback, private, link-local or metadata address unless local targets are enabled',
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'subscribe to at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((e) => new Set(e).size === e.length, 'events must not repeat')
    .describe(`event types to receive: ${WEBHOOK_EVENT_TYPES.join(', ')}`),
  description: z.string().trim().max(500).optional(),
});
export type WebhookCreateRequest = z.input<typeof WebhookCreateRequest>;

export const WebhookRecord = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z
    .enum(['gone', 'failing'])
    .nullable()
    .describe(
      'gone: the endpoint answered 410; failing: a delivery used up its retry schedule. Re-enable with POST /v1/webhooks/{id}/enable',
    ),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

export const AddressCheck = z.object({
  status: z
    .enum(['verified', 'unresolved'])
    .describe(
      'verified: the host resolved to allowed addresses now; unresolved: a public host name that does not resolve now (offline?), accepted and checked before every delivery',
    ),
  message: z.string(),
});
export type AddressCheck = z.infer<typeof AddressCheck>;

export const WebhookCreateResponse = success(
  WebhookRecord.extend({
    secret: z.string().describe('whsec_… signing secret (Standard Webhooks): shown this once'),
    address_check: AddressCheck,
  }),
);
export const WebhookResponse = success(WebhookRecord);
export const WebhookListResponse = success(z.array(WebhookRecord));

export const WebhookIdParams = z.strictObject({
  id: z.string().regex(/^wh_[A-Za-z0-9]{8,40}$/, 'is not a webhook id'),
});

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const DeliveryAttempt = z.object({
  attempted_at: z.string(),
  duration_ms: z.int(),
  status_code: z
    .int()
    .nullable()
    .describe('HTTP status of the answer; null when none came (refused, timeout, connection error)'),
  error: z.string().nullable(),
});

export const Delivery = z.object({
  id: z.string(),
  webhook_id: z.string(),
  message_id: z.string().describe('the webhook-id header: the same on every retry'),
  event_type: z.string().describe('an event type, or ping'),
  status: z.enum(DELIVERY_STATUSES),
  attempt_count: z.int(),
  max_attempts: z.int().describe('1 for a ping; the first try plus the retry schedule for events'),
  next_attempt_at: z.string().nullable().describe('when the next try is due; null once succeeded or failed'),
  last_status_code: z.int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  attempts: z.array(DeliveryAttempt).describe('every try, oldest first'),
});
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryListQuery = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: QueryInt(1, 100, 20),
  offset: QueryInt(0, MAX_OFFSET, 0),
});
export const DeliveryListResponse = successWithMeta(z.array(Delivery), PageMeta);
export const DeliveryResponse = success(Delivery);

export const WebhookSettings = z.object({
  allow_private_targets: z
    .boolean()
    .describe('the stored setting: allow loopback, private, link-local and CGNAT targets'),
  env_allow_private: z.boolean().describe('MATERIA_WEBHOOKS_ALLOW_PRIVATE=1 was set at start'),
  effective: z.boolean().describe('whether local targets are allowed now (setting or environment)'),
});
export const WebhookSettingsRequest = z.strictObject({
  allow_private_targets: z
    .boolean()
    .describe(
      "allow webhook URLs on this machine or the local network (metadata addresses and this app's own port stay refused)",
    ),
});
export const WebhookSettingsResponse = success(WebhookSettings);
