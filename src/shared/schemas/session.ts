/**
 * The web UI's key hand-off (docs/api.md "The web UI's key"): `npm start` prints a link carrying a one-time code, never
 * a key; the page trades the code for this launch's browser key with POST /v1/session.
 */
import { z } from 'zod';
import { SCOPES } from '../enums.ts';
import { success } from './common.ts';

/** How long a printed or requested code can be traded, in minutes. */
export const SESSION_CODE_TTL_MINUTES = 15;

export const SessionExchangeRequest = z.strictObject({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a session code')
    .describe('the one-time code from the link #code=…'),
});

export const SessionExchangeResponse = success(
  z.object({
    key: z
      .string()
      .describe(
        'the browser session key of this launch (scopes read, chat, tools: admin actions need the admin key); keep it in the page, never in an address',
      ),
    scopes: z.array(z.enum(SCOPES)),
  }),
);

export const SessionCodeResponse = success(
  z.object({
    code: z.string().describe('one use, valid for the minutes below'),
    link: z
      .string()
      .describe('the web UI address with the code in the fragment, which browsers never send to the server'),
    expires_at: z.string(),
  }),
);
