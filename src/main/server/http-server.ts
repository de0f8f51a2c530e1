/**
 * The HTTP server around the Express app, with what Node does not do on its own:
 * - headers within 15 s and the request within 30 s, checked every second (Node checks every 30 s by default, so an
 *   incomplete request was cut after up to 45 s);
 * - malformed HTTP (bad request line, oversized headers, a bad Expect) answered with the JSON error envelope, not
 *   Node's bare status line; CONNECT answered 405 and closed (no proxying here);
 * - a lingering close: an answer that closes the connection before the request body was read (a 401, 413, 429, …)
 *   sends its FIN and then reads and discards what the client still sends, for up to LINGER_MS or LINGER_BYTES,
 *   before closing; closing at once made the kernel answer the rest of the body with a TCP reset, which can discard
 *   the answer before the client reads it (issue 30);
 * - listening before anything is written: `listenFirst` binds the port and only then lets the caller open databases
 *   and create keys, so a busy port leaves no files behind and gets a clear message.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '../../shared/errors.ts';

export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const CHECK_EVERY_MS = 1_000;

/** How long, and how much of a request body, a closing connection still reads (and discards) after its answer. */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Node ends a response that closes its connection with `socket.destroySoon()`: the FIN, then at once the socket is
 * gone, and whatever of the body the client is still sending is answered with a reset. Here the socket stays open for
 * reading until the client stops sending (its FIN), LINGER_MS pass, or LINGER_BYTES have been read.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
    let left = LINGER_BYTES;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.on('data', (chunk: Buffer) => {
      left -= chunk.length;
      if (left <= 0) this.destroy();
    });
    this.resume();
  };
}

function rawError(socket: Duplex, code: ErrorCode, message: string, extra = ''): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ success: false, error: { code, message } } satisfies ErrorEnvelope);
  const status = ERROR_STATUS[code];
  const reason =
    { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 413: 'Payload Too Large' }[
      status as 400
    ] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}

function onClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') rawError(socket, 'payload_too_large', 'the request headers are too large');
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    rawError(socket, 'request_timeout', 'the request did not arrive in time');
  else rawError(socket, 'invalid_request', 'the request is not valid HTTP/1.1');
}

export function createHttpServer(handler: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
    handler,
  );
  server.on('connection', lingerOnClose);
  server.on('clientError', onClientError);
  server.on('connect', (_req: IncomingMessage, socket: Duplex) =>
    rawError(
      socket,
      'method_not_allowed',
      'CONNECT is not supported: this is not a proxy',
      'Allow: GET, POST, PUT, DELETE\r\n',
    ),
  );
  return server;
}

export class PortInUseError extends Error {}

/** Listens on 127.0.0.1:port; a port another program holds is a PortInUseError with a message saying what to do. */
export function listen(server: Server, port: number): Promise<void> {
  return new Promise((ok, fail) => {
    const onError = (err: Error & { code?: string }) => {
      server.off('listening', onListening);
      fail(
        err.code === 'EADDRINUSE'
          ? new PortInUseError(
              `port ${port} on 127.0.0.1 is already in use (another Materia, or another program); stop it or set MATERIA_PORT to a free port`,
            )
          : err,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      ok();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}
