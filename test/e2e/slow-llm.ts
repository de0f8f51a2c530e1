/**
 * A stand-in for the optional language-model backend (MATERIA_LLM_URL, an OpenAI-compatible endpoint such as a local
 * llama.cpp or Ollama server), which cannot run on this machine. It "phrases" an answer by returning the evidence the
 * server sent it, word by word, a little slowly, so the UI can be watched while an answer streams and stopped halfway.
 * Everything it returns comes from the server's own evidence: nothing is made up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowLlm {
  url: string;
  requests: number;
  close(): Promise<void>;
}

export async function startSlowLlm(msPerPiece = 60): Promise<SlowLlm> {
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      state.requests++;
      const body = JSON.parse(raw || '{}') as { messages?: { role: string; content: string }[] };
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const evidence = /Evidence:\n([\s\S]*?)\n\nSources:/.exec(system)?.[1] ?? '';
      const pieces = evidence.match(/\S+\s*/g) ?? [];
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      let i = 0;
      const timer = setInterval(() => {
        if (i < pieces.length) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[i++] } }] })}\n\n`);
        } else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, msPerPiece);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
