/**
 * Headless mode serves the built renderer (out/renderer) beside the API, so `npm start` gives a browser UI on
 * http://127.0.0.1:<port>/. Unknown non-API paths without a file extension fall back to index.html (client-side routes);
 * a missing file (/favicon.ico, an old asset) is a 404, not the page. A strict CSP keeps the page to its own origin.
 *
 * Caching: files under /assets/ carry a content hash in their names (Vite), so they are sent
 * `public, max-age=31536000, immutable`, and compressed: the build writes .br and .gz next to each (see
 * electron.vite.config.ts), chosen here by Accept-Encoding (Vary: Accept-Encoding). index.html keeps `no-store` (set for
 * every response in app.ts), so a new build is picked up at the next load; other files (the icon) are `no-cache`.
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Precompressed variants the build writes, in order of preference. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Paths that name a file rather than a screen: never answered with index.html. */
const FILE_LIKE = /\.[a-z0-9]{1,12}$/i;

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

export function rendererRouter(dir: string): Router | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const root = resolve(dir);
  const assetsRoot = join(root, 'assets') + sep;
  const router = express.Router();
  const headers: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', RENDERER_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  };
  router.use(headers);

  router.get(/^\/assets\//, (req, res, next) => {
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      res.status(400).end();
      return;
    }
    const file = resolve(root, `.${rel}`);
    if (!file.startsWith(assetsRoot) || !isFile(file)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    const wanted = req.acceptsEncodings(...VARIANTS.map((v) => v.encoding), 'identity');
    const variant = VARIANTS.find((v) => v.encoding === wanted && isFile(file + v.suffix));
    res.type(extname(file)); // the type of the asset, not of its .br/.gz file (send keeps a type already set)
    res.setHeader('Cache-Control', IMMUTABLE); // replaces app.ts's no-store (send would keep a header already set)
    if (variant) res.setHeader('Content-Encoding', variant.encoding);
    res.sendFile(variant ? file + variant.suffix : file, { cacheControl: false, dotfiles: 'deny' }, (err) => {
      if (err) next(err);
    });
  });

  router.use(
    express.static(dir, {
      index: false,
      fallthrough: true,
      cacheControl: false,
      dotfiles: 'deny',
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.endsWith('.html') ? 'no-store' : 'no-cache');
      },
    }),
  );
  router.get(/^\/(?!v1(\/|$)).*/, (req, res, next) => {
    if (FILE_LIKE.test(req.path) && req.path !== '/index.html') {
      next();
      return;
    } // a missing file: the 404 after this router
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(join(root, 'index.html'), { cacheControl: false, lastModified: false, etag: false });
  });
  return router;
}
