/**
 * The handler contract of ENDPOINTS: what a handler receives (parsed params, query, body and the Express request) and
 * returns. Both faces call the same handler map: /v1 binds it to routes (server/v1-router.ts), MCP to tools (mcp/core.ts).
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { EndpointName, EndpointOf } from '../../shared/endpoints.ts';
import type { EndpointOutput } from '../../shared/client.ts';

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.infer<S>
  : undefined;

export interface HandlerInput<N extends EndpointName> {
  params: Parsed<EndpointOf<N>, 'params'>;
  query: Parsed<EndpointOf<N>, 'query'>;
  body: Parsed<EndpointOf<N>, 'body'>;
  req: Request;
  /** The response, for streaming routes (`stream: true`), which write it themselves. */
  res: Response;
}

/**
 * What a handler returns: the response without `success` (added by the binder), the raw body for envelope-less
 * routes, or nothing for streaming routes (they have written the response when the promise settles).
 */
export type HandlerResult<N extends EndpointName> =
  EndpointOf<N> extends { stream: true }
    ? void
    : EndpointOf<N> extends { envelope: false }
      ? EndpointOutput<N>
      : Omit<EndpointOutput<N>, 'success'>;

export type Handler<N extends EndpointName> = (input: HandlerInput<N>) => HandlerResult<N> | Promise<HandlerResult<N>>;
export type HandlerMap = { [N in EndpointName]: Handler<N> };
