/**
 * Which endpoint of ENDPOINTS a request is for, decided on the raw path before anything else runs, so that auth, rate
 * limits and body limits can be settled before a byte of the body is read or a path parameter is decoded. It matches as
 * Express does (case-insensitive, optional trailing slash, `{param}` = one segment), and a literal path beats a
 * parameter (GET /v1/webhooks/settings is not GET /v1/webhooks/{id}).
 */
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';

export type RouteMatch =
  | { kind: 'found'; name: EndpointName; endpoint: Endpoint; rawParams: Record<string, string> }
  | { kind: 'wrong_method'; allow: string[] }
  | { kind: 'none' };

interface Compiled {
  name: EndpointName;
  endpoint: Endpoint;
  re: RegExp;
  paramNames: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(name: EndpointName, endpoint: Endpoint): Compiled {
  const paramNames: string[] = [];
  const body = endpoint.path
    .replace(/^\/v1/, '')
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escape(part);
      paramNames.push(m[1]!);
      return '([^/]+)';
    })
    .join('');
  return { name, endpoint, re: new RegExp(`^${body}/?$`, 'i'), paramNames };
}

// Fewest parameters first, so literal segments win; ties keep the order of ENDPOINTS.
const ROUTES: Compiled[] = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][])
  .map(([name, e]) => compile(name, e))
  .sort((a, b) => a.paramNames.length - b.paramNames.length);

/** `path` is relative to /v1 and still percent-encoded (req.path inside the /v1 router). */
export function matchRoute(method: string, path: string): RouteMatch {
  const wanted = method === 'HEAD' ? 'GET' : method;
  let allow: string[] | null = null;
  for (const r of ROUTES) {
    const m = r.re.exec(path);
    if (!m) continue;
    if (r.endpoint.method === wanted) {
      const rawParams: Record<string, string> = {};
      r.paramNames.forEach((p, i) => {
        rawParams[p] = m[i + 1]!;
      });
      return { kind: 'found', name: r.name, endpoint: r.endpoint, rawParams };
    }
    // Allow lists the methods of the most specific path that matched, as the router's 405 did.
    if (!allow) allow = ROUTES.filter((o) => o.re.source === r.re.source).map((o) => o.endpoint.method);
  }
  return allow ? { kind: 'wrong_method', allow } : { kind: 'none' };
}

/** Decodes each path parameter; a malformed percent-encoding names the parameter instead of failing the request. */
export function decodeParams(raw: Record<string, string>): { params: Record<string, string> } | { bad: string } {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    try {
      params[k] = decodeURIComponent(v);
    } catch {
      return { bad: k };
    }
  }
  return { params };
}
