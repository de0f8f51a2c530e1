/** Typed fetch client over ENDPOINTS, used by the renderer, scripts and tests. No Node or DOM specifics beyond fetch. */
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type EndpointOf } from './endpoints.ts';
import type { ErrorDetail } from './errors.ts';

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? { [P in K]: z.input<S> } : { [P in K]?: never };
export type EndpointInput<N extends EndpointName> =
  Part<EndpointOf<N>, 'params'> & Part<EndpointOf<N>, 'query'> & Part<EndpointOf<N>, 'body'>;
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

  async call<N extends EndpointName>(name: N, input: EndpointInput<N> = {} as EndpointInput<N>, signal?: AbortSignal): Promise<EndpointOutput<N>> {
    const endpoint = ENDPOINTS[name];
    const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    let url = this.options.baseUrl.replace(/\/$/, '') + buildPath(endpoint.path, params);
    if (query) {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
      const qs = search.toString();
      if (qs) url += `?${qs}`;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.fetchImpl(url, { method: endpoint.method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    const json = (await res.json().catch(() => null)) as { success?: boolean; error?: { code: string; message: string; details?: ErrorDetail[] } } | null;
    if (!res.ok || !json || json.success !== true) {
      const retry = res.headers.get('retry-after');
      throw new ApiError(res.status, json?.error?.code ?? 'internal', json?.error?.message ?? `HTTP ${res.status}`, json?.error?.details ?? [], retry ? Number(retry) : null);
    }
    return json as EndpointOutput<N>;
  }
}
