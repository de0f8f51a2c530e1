/**
 * The HTTP server around the app (issue 30, src/main/server/http-server.ts): malformed HTTP and CONNECT answered with
 * the JSON envelope at socket level, an answer sent before the request body was read reaching a client that reads it
 * only once it has sent the whole body (lingering close), and a busy port refused with a clear message before any file
 * is created.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, connect, type AddressInfo, type Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/main/config/environment.ts';
import { createHttpServer, HEADERS_TIMEOUT_MS, LINGER_BYTES, listen } from '../../src/main/server/http-server.ts';
import { startServer } from '../../src/main/server/server.ts';
import { CONTENT_DB, REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  server = createHttpServer(t.materia.app);
  await listen(server, 0);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });
  await t.close();
});

/** Sends raw bytes and collects everything until the server closes the connection. */
const raw = (bytes: string) =>
  new Promise<string>((ok, fail) => {
    const s = connect(port, '127.0.0.1', () => s.write(bytes));
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    s.on('error', fail);
    s.setTimeout(5_000, () => {
      s.destroy();
      ok(Buffer.concat(chunks).toString('utf8'));
    });
  });
const envelope = (reply: string) =>
  JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as {
    success: boolean;
    error: { code: string; message: string };
  };

describe('malformed HTTP at socket level', () => {
  it('answers a broken request line, a bad header and oversized headers with the JSON envelope and closes', async () => {
    for (const [bytes, status, code] of [
      ['GARBAGE\r\n\r\n', 400, 'invalid_request'],
      ['GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Name: x\r\n\r\n', 400, 'invalid_request'],
      [`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 413, 'payload_too_large'],
    ] as const) {
      const reply = await raw(bytes);
      expect(reply.startsWith(`HTTP/1.1 ${status} `), bytes.slice(0, 30)).toBe(true);
      expect(reply).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
      expect(reply).toMatch(/\r\nConnection: close\r\n/);
      expect(envelope(reply)).toMatchObject({ success: false, error: { code } });
    }
  });

  it('answers CONNECT 405 with the envelope and closes the connection', async () => {
    const reply = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(reply.startsWith('HTTP/1.1 405 ')).toBe(true);
    expect(envelope(reply)).toEqual({
      success: false,
      error: { code: 'method_not_allowed', message: 'CONNECT is not supported: this is not a proxy' },
    });
  });

  it('still serves well-formed requests, with the header deadline as documented', async () => {
    const reply = await raw(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(reply.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });
});

/**
 * Sends a request whose 6 MB body the server will not read (no key: a 401 first), all of it, and reads the answer only
 * then, as a client that writes before it reads does. 6 MB is more than loopback's socket buffers hold, so the server
 * must read some of it after answering. Resolves with what arrived, or "reset".
 */
const sendWholeBodyThenRead = (size: number) =>
  new Promise<string>((ok) => {
    const s = connect(port, '127.0.0.1');
    s.pause();
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    s.on('error', () => ok(chunks.length ? Buffer.concat(chunks).toString('utf8') : 'reset'));
    s.write(
      `POST /v1/search HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!s.write(chunk.subarray(0, n))) {
          s.once('drain', pump);
          return;
        }
      }
      s.resume();
    };
    pump();
  });

describe('an answer before the body (lingering close)', () => {
  it('reaches a client that sends its whole body before reading, every time', async () => {
    const size = 6_000_000;
    expect(size).toBeLessThan(LINGER_BYTES);
    for (let i = 0; i < 6; i++) {
      const reply = await sendWholeBodyThenRead(size);
      expect(reply.startsWith('HTTP/1.1 401 '), `try ${i}: ${reply.slice(0, 40)}`).toBe(true);
      expect(envelope(reply).error.code).toBe('unauthorized');
    }
  }, 60_000);
});

describe('a busy port', () => {
  it('is a clear error, and no data folder, database or key file is created', async () => {
    const holder: NetServer = createNetServer();
    await new Promise<void>((ok) => holder.listen(0, '127.0.0.1', () => ok()));
    const busy = (holder.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), 'materia-busy-'));
    const dataDir = join(dir, 'data');
    try {
      const config = readConfig(
        {
          MATERIA_PORT: String(busy),
          MATERIA_DATA_DIR: dataDir,
          MATERIA_MODEL_DIR: join(dir, 'none'),
          MATERIA_CONTENT_DB: CONTENT_DB,
        },
        REPO_ROOT,
      );
      await expect(startServer(config, REPO_ROOT)).rejects.toThrow(
        `port ${busy} on 127.0.0.1 is already in use (another Materia, or another program); stop it or set MATERIA_PORT to a free port`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
