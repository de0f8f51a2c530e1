import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Response } from 'express';
import { SseWriter } from './sse.ts';

/** A response whose socket buffer is "full" until the test drains it. */
class SlowResponse extends EventEmitter {
  chunks: string[] = [];
  full = false;
  destroyed = false;
  writableFinished = false;
  writableLength = 0;
  headers: Record<string, string> = {};
  status(_c: number) {
    return this;
  }
  setHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  flushHeaders() {}
  write(s: string) {
    this.chunks.push(s);
    return !this.full;
  }
  end() {
    this.writableFinished = true;
    this.emit('close');
  }
}

describe('SseWriter', () => {
  it('frames each event as one JSON data line, so newlines and "data:" in text cannot break it', async () => {
    const res = new SlowResponse();
    const w = new SseWriter(res as unknown as Response, 60_000, () => {});
    w.open();
    await w.send('content_block_delta', { text: 'a\n\ndata: b\r\nevent: x' });
    expect(res.chunks).toEqual(['event: content_block_delta\ndata: {"text":"a\\n\\ndata: b\\r\\nevent: x"}\n\n']);
    expect(res.headers['Content-Type']).toBe('text/event-stream; charset=utf-8');
    w.end();
  });

  it('waits for drain when the socket buffer is full (backpressure), and stops waiting when the client goes', async () => {
    const res = new SlowResponse();
    let gone = 0;
    const w = new SseWriter(res as unknown as Response, 60_000, () => {
      gone++;
    });
    w.open();
    res.full = true;
    let sent = false;
    const p = w.send('a', { n: 1 }).then(() => {
      sent = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toBe(false);
    res.full = false;
    res.emit('drain');
    await p;
    expect(sent).toBe(true);
    res.full = true;
    const q = w.send('b', { n: 2 });
    res.emit('close'); // the client hung up while we waited
    await q;
    expect(gone).toBe(1);
    expect(w.closed).toBe(true);
    await w.send('c', { n: 3 });
    expect(res.chunks).toHaveLength(2);
  });

  it('sends heartbeat comments while idle and stops them at the end', async () => {
    const res = new SlowResponse();
    const w = new SseWriter(res as unknown as Response, 10, () => {});
    w.open();
    await new Promise((r) => setTimeout(r, 45));
    w.end();
    const beats = res.chunks.filter((c) => c === ': heartbeat\n\n').length;
    expect(beats).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(res.chunks.filter((c) => c === ': heartbeat\n\n').length).toBe(beats);
  });
});
