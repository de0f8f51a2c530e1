/** POST /v1/session (no key: a one-time code) and POST /v1/session/codes (admin): the web UI's key hand-off. */
import { HttpError } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

export function sessionHandlers(ctx: AppContext): {
  sessionExchange: Handler<'sessionExchange'>;
  sessionCode: Handler<'sessionCode'>;
} {
  const refused = () =>
    new HttpError(
      'unauthorized',
      'this link was already used or has expired; open a new one (see the terminal running npm start)',
      [{ field: 'code', message: 'unknown, used or expired' }],
    );
  return {
    sessionExchange: ({ body }) => {
      const key = ctx.session.redeem(body.code);
      if (!key) throw refused();
      const check = ctx.keys.verify(key);
      if (!check.ok) throw refused(); // the session key was revoked since the code was issued
      return { data: { key, scopes: check.key.scopes } };
    },
    sessionCode: ({ req }) => {
      if (!ctx.session.active)
        throw new HttpError(
          'not_found',
          "this server has no web UI session to hand out (it is the desktop app's, or serves no UI)",
        );
      const { code, expiresAt } = ctx.session.issue();
      // Host was checked to be this server's loopback address (local-only.ts).
      return {
        data: { code, link: `http://${req.headers.host}/#code=${code}`, expires_at: new Date(expiresAt).toISOString() },
      };
    },
  };
}
