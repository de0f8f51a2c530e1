/**
 * `npm run mcp:stdio`: a bridge for MCP clients that only speak stdio. It relays each JSON-RPC message between the SDK's
 * stdio server transport and its Streamable HTTP client transport to the running local server's /mcp, so keys, scopes,
 * Origin checks and rate limits are the server's own. Nothing but JSON-RPC goes to stdout; diagnostics go to stderr.
 *
 * MATERIA_URL (default http://127.0.0.1:$MATERIA_PORT, port 3737) and MATERIA_API_KEY (default: the key in
 * `<data dir>/admin-key`; better, a key with only the scopes the agent needs: read, tools, chat).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { defaultDataDir } from '../config/environment.ts';

function fail(message: string): never {
  process.stderr.write(`materia mcp:stdio: ${message}\n`);
  process.exit(1);
}

function readKey(env: NodeJS.ProcessEnv): string {
  const fromEnv = env.MATERIA_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  const file = join(resolve(env.MATERIA_DATA_DIR ?? defaultDataDir()), 'admin-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return fail(`no API key: set MATERIA_API_KEY, or start the server once so that ${file} exists`);
  }
}

/** The JSON-RPC error the SDK's transport quotes from a non-2xx answer ("Error POSTing to endpoint: {…}"), if any. */
function refusalIn(message: string): { code: number; message: string; data?: unknown } | null {
  const at = message.indexOf('{');
  if (at < 0) return null;
  try {
    const body = JSON.parse(message.slice(at)) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
    const e = body.error;
    return e && typeof e.code === 'number' && typeof e.message === 'string'
      ? { code: e.code, message: e.message, data: e.data }
      : null;
  } catch {
    return null;
  }
}

async function main() {
  const env = process.env;
  const base = env.MATERIA_URL?.trim() || `http://127.0.0.1:${env.MATERIA_PORT?.trim() || '3737'}`;
  let url: URL;
  try {
    url = new URL('/mcp', base);
  } catch {
    return fail(`MATERIA_URL must be an http URL, got "${base}"`);
  }
  const key = readKey(env);

  const http = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  const stdio = new StdioServerTransport();
  const initializeIds = new Set<string | number>();

  http.onmessage = (message: JSONRPCMessage) => {
    // Later requests carry the negotiated revision in MCP-Protocol-Version, as the SDK's own client does.
    if (isJSONRPCResultResponse(message) && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    void stdio.send(message);
  };
  // The transport reports every failure here (a refused request too), so this is the one place that writes it.
  http.onerror = (err) => {
    process.stderr.write(`materia mcp:stdio: ${url.href}: ${err.message}\n`);
  };
  stdio.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializeIds.add(message.id);
    http.send(message).catch((err: unknown) => {
      const raw = err instanceof Error ? err.message : String(err);
      const text = raw === 'fetch failed' ? 'cannot connect (is the server running? npm start)' : raw;
      // A request must get an answer: the server's refusal (401, 403, 429, unreachable) becomes a JSON-RPC error,
      // with the server's own code, reason and data when its body was one (src/main/mcp/errors.ts).
      if (!isJSONRPCRequest(message)) return;
      const refusal = refusalIn(raw);
      void stdio.send({
        jsonrpc: '2.0',
        id: message.id,
        error: refusal
          ? {
              code: refusal.code,
              message: `Materia server at ${url.href}: ${refusal.message}`,
              ...(refusal.data ? { data: refusal.data } : {}),
            }
          : { code: -32603, message: `Materia server at ${url.href}: ${text}` },
      });
    });
  };
  stdio.onclose = () => {
    void http.close().finally(() => process.exit(0));
  };

  await http.start();
  await stdio.start();
}

void main();
