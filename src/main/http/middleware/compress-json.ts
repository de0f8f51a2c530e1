/**
 * JSON responses (every /v1 body, the OpenAPI document, error envelopes) compressed with brotli or gzip, as the
 * client's Accept-Encoding prefers, when they are at least COMPRESS_MIN_BYTES; smaller ones, clients that send no
 * Accept-Encoding (or accept neither) and HEAD requests get the plain body. `Vary: Accept-Encoding` on every JSON
 * response, since its bytes depend on that header; server/app.ts's `Cache-Control: no-store` is left alone.
 *
 * Only `res.json` is wrapped. The chat's server-sent events (`POST /v1/chat/stream`, chat/sse.ts) and the MCP
 * transport write to the response themselves, so they are never compressed or held back: each event leaves when written.
 * Compression runs on libuv's thread pool (zlib's async API), so a large body does not stall other requests.
 */
import type { RequestHandler, Response } from 'express';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Below this a compressed body saves less than a packet's worth of bytes on loopback. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli quality 5: ~9× smaller OpenAPI document in ~2 ms; 11 (the maximum) gains ~12 % more at ~100× the time. */
const BROTLI_QUALITY = 5;

type Encoding = 'br' | 'gzip';

function compress(encoding: Encoding, raw: Buffer, done: (err: Error | null, out: Buffer) => void): void {
  if (encoding === 'br') {
    brotliCompress(
      raw,
      { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } },
      done,
    );
  } else gzip(raw, done);
}

export const compressJson: RequestHandler = (req, res, next) => {
  const plain = res.json.bind(res);
  res.json = ((body: unknown) => {
    res.vary('Accept-Encoding');
    const wanted = req.acceptsEncodings('br', 'gzip', 'identity');
    const raw = Buffer.from(JSON.stringify(body) ?? '');
    if (req.method === 'HEAD' || raw.length < COMPRESS_MIN_BYTES || (wanted !== 'br' && wanted !== 'gzip'))
      return plain(body);
    compress(wanted, raw, (err, out) => {
      if (res.headersSent || res.destroyed) return;
      if (err) {
        plain(body);
        return;
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Encoding', wanted);
      res.setHeader('Content-Length', out.length);
      res.end(out);
    });
    return res;
  }) as Response['json'];
  next();
};
