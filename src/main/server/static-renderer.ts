/**
 * Headless mode serves the built renderer (out/renderer) beside the API, so `npm start` gives a browser UI on
 * http://127.0.0.1:<port>/. Unknown non-API paths fall back to index.html (client-side routes). A strict CSP keeps
 * the page to its own origin.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

export const RENDERER_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ');

export function rendererRouter(dir: string): Router | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const router = express.Router();
  const headers: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', RENDERER_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  };
  router.use(headers, express.static(dir, { index: 'index.html', fallthrough: true, maxAge: 0 }));
  router.get(/^\/(?!v1(\/|$)).*/, headers, (_req, res) => { res.sendFile(join(dir, 'index.html')); });
  return router;
}
