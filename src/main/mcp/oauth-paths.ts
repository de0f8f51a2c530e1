/**
 * MCP clients that get a 401 start OAuth discovery (RFC 9728 protected-resource metadata, RFC 8414 authorization-server
 * metadata, OpenID configuration, then the legacy /authorize, /token and /register). Without this router the web UI's
 * index.html answered them with a 200, and the client failed on "Unexpected token '<'". Each is a JSON 404 that says
 * why: this server takes API keys, and no OAuth flow exists to find. Mounted before the renderer (server/app.ts).
 */
import { Router } from 'express';
import { HttpError } from '../http/http-error.ts';

export const NO_OAUTH_MESSAGE =
  'this server uses API keys, not OAuth: create a key in the app (Settings → API keys) and send it as Authorization: Bearer <key> or X-API-Key: <key>';

const DISCOVERY = /^\/\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/.*)?$/;
const FLOW = /^\/(authorize|token|register|oauth\/.*)$/;

export function oauthPathsRouter(): Router {
  const router = Router();
  router.use((req, _res, next) => {
    if (!DISCOVERY.test(req.path) && !FLOW.test(req.path)) {
      next();
      return;
    }
    next(
      new HttpError('not_found', `${req.path}: ${NO_OAUTH_MESSAGE}`, [
        { field: 'Authorization', message: 'API key (Bearer or X-API-Key); no OAuth' },
      ]),
    );
  });
  return router;
}
