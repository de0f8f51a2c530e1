/**
 * A real webhook receiver on 127.0.0.1 for tests: records every request (headers and raw body) and answers with what
 * `respond` returns (default 204). `unique()` de-duplicates by webhook-id, as Standard Webhooks receivers should.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}
export interface Reply {
  status: number;
  headers?: Record<string, string>;
}

export interface Receiver {
  url: string;
  port: number;
  hits: Received[];
  /** First request per webhook-id. */
  unique(): Received[];
  respond: (req: Received) => Reply | Promise<Reply>;
  close(): Promise<void>;
}

export async function startReceiver(
  respond: Receiver['respond'] = () => ({ status: 204 }),
  host = '127.0.0.1',
): Promise<Receiver> {
  const hits: Received[] = [];
  const r: Partial<Receiver> & { respond: Receiver['respond'] } = { respond };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '/',
        at: Date.now(),
      };
      hits.push(hit);
      void Promise.resolve(r.respond(hit)).then((reply) => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end();
      });
    });
  });
  await new Promise<void>((ok) => server.listen(0, host, () => ok()));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(r, {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/hook`,
    port,
    hits,
    unique: () =>
      hits.filter((h, i) => hits.findIndex((x) => x.headers['webhook-id'] === h.headers['webhook-id']) === i),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  }) as Receiver;
}
