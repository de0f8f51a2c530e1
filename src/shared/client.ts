/** Typed fetch client over ENDPOINTS, used by the renderer, scripts and tests. No Node or DOM specifics beyond fetch. */
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type EndpointOf } from './endpoints.ts';
import type { ErrorDetail } from './errors.ts';

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };
export type EndpointInput<N extends EndpointName> = Part<EndpointOf<N>, 'params'> &
  Part<EndpointOf<N>, 'query'> &
  Part<EndpointOf<N>, 'body'>;
export type EndpointOutput<N extends EndpointName> = z.infer<EndpointOf<N>['response']>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
}

export function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

export class MateriaClient {
  private readonly fetchImpl: typeof fetch;
  constructor(private readonly options: ClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  async call<N extends EndpointName>(
    name: N,
    input: EndpointInput<N> = {} as EndpointInput<N>,
    signal?: AbortSignal,
  ): Promise<EndpointOutput<N>> {
    const endpoint = ENDPOINTS[name];
    const res = await this.send(name, input, 'application/json', signal);
    const json = (await res.json().catch(() => null)) as {
      success?: boolean;
      error?: { code: string; message: string; details?: ErrorDetail[] };
    } | null;
    // routes without the envelope (the OpenAPI document) succeed on any 2xx JSON body
    const ok =
      res.ok && json !== null && ((endpoint as { envelope?: boolean }).envelope === false || json.success === true);
    if (!ok) throw errorOf(res, json);
    return json as EndpointOutput<N>;
  }

  /**
   * A server-sent-events route (`stream: true`, e.g. chatStream): yields each event's `data` as parsed JSON, in order.
   * Errors before the stream starts are thrown as ApiError, like `call`; aborting the signal stops reading.
   */
  async *stream<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    signal?: AbortSignal,
  ): AsyncGenerator<EndpointOutput<N>, void, undefined> {
    const res = await this.send(name, input, 'text/event-stream', signal);
    if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      throw errorOf(res, (await res.json().catch(() => null)) as ErrorBody | null);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: RegExpExecArray | null;
        while ((cut = /\r?\n\r?\n/.exec(buffer))) {
          const block = buffer.slice(0, cut.index);
          buffer = buffer.slice(cut.index + cut[0].length);
          // comment lines (": heartbeat") carry no data; data lines of one event are joined with newlines
          const data = block
            .split(/\r?\n/)
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).replace(/^ /, ''))
            .join('\n');
          signal?.throwIfAborted(); // events already received are dropped too
          if (data) yield JSON.parse(data) as EndpointOutput<N>;
        }
      }
    } finally {
      reader.releaseLock();
    }
  }

  private send<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    accept: string,
    signal?: AbortSignal,
  ): Promise<Response> {
    const endpoint = ENDPOINTS[name];
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    let url = this.options.baseUrl.replace(/\/$/, '') + buildPath(endpoint.path, params);
    if (query) {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query))
        if (v !== undefined && v !== null) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
      const qs = search.toString();
      if (qs) url += `?${qs}`;
    }
    const headers: Record<string, string> = { accept };
    if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.fetchImpl(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  }
}

type ErrorBody = { error?: { code: string; message: string; details?: ErrorDetail[] } };

function errorOf(res: Response, json: ErrorBody | null): ApiError {
  const retry = res.headers.get('retry-after');
  return new ApiError(
    res.status,
    json?.error?.code ?? 'internal',
    json?.error?.message ?? `HTTP ${res.status}`,
    json?.error?.details ?? [],
    retry ? Number(retry) : null,
  );
}
