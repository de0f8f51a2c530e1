import { z } from 'zod';
import { SCOPES } from '../enums.ts';
import { MAX_OFFSET, PageMeta, QueryInt, success, successWithMeta } from './common.ts';

/** A key as lists show it: never its secret or the secret's hash. */
export const ApiKeyRecord = z.object({
  id: z.string().describe('the <id> part of mk_<id>_<secret>'),
  name: z.string(),
  prefix: z.string().describe('mk_<id>_ : enough to recognise the key, never enough to use it'),
  scopes: z.array(z.enum(SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('written at most once a minute per key'),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_by: z.string().nullable().describe('id of the key that created this one; null for keys made at start'),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

/** Ten years: the longest life a new key may be given. */
export const MAX_KEY_LIFETIME_DAYS = 3650;

export const ApiKeyCreateRequest = z.strictObject({
  name: z.string().trim().min(1).max(100).describe('what the key is for, e.g. "notebook on my laptop"'),
  scopes: z
    .array(z.enum(SCOPES))
    .min(1, 'give at least one scope')
    .max(SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'scopes must not repeat')
    .describe('read, chat, tools, admin; never more than the creating key has'),
  expires_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      `ISO 8601 date-time in the future, at most ${MAX_KEY_LIFETIME_DAYS} days ahead; not after the creating key's own expiry`,
    ),
});
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequest>;

export const ApiKeyCreateResponse = success(
  ApiKeyRecord.extend({
    key: z.string().describe('the full key, mk_<id>_<secret>: shown this once, only its hash is stored'),
  }),
);

export const ApiKeyListQuery = z.strictObject({
  include_revoked: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('list revoked keys too (default true)'),
  limit: QueryInt(1, 100, 50),
  offset: QueryInt(0, MAX_OFFSET, 0),
});
export const ApiKeyListResponse = successWithMeta(z.array(ApiKeyRecord), PageMeta);

export const ApiKeyIdParams = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'is not a key id (6-32 letters or digits)'),
});
export const ApiKeyResponse = success(ApiKeyRecord);
