import { preflight } from './cors.ts';
import { HttpError } from './http-error.ts';
import type { HttpReply, HttpRequest } from './reply.ts';

/** What a route accepts as a request body: only on POST, of these media types, up to this many bytes. */
export interface BodyPolicy {
  maxBytes: number;
  /** Media types without parameters, lowercase (`application/json`). */
  types: readonly string[];
}

export type RouteParams = Readonly<Record<string, string>>;
/** Where a request went: its path parameters and its raw query string (no `?`). */
export interface RouteContext {
  params: RouteParams;
  query: string;
}
export type RouteHandler = (request: HttpRequest, context: RouteContext) => HttpReply | Promise<HttpReply>;
export type Method = 'GET' | 'POST';

export interface Route {
  /** `/a/b` exactly, or `/a/{name}`: the prefix and one more non-empty segment, given as `params.name`. */
  path: string;
  /** HEAD is answered by GET's handler (the adapter drops the body); OPTIONS is the CORS preflight. */
  methods: Partial<Record<Method, RouteHandler>>;
  /** Without it, any request with a body is refused (413) unread. */
  body?: BodyPolicy;
  /** Request headers a browser may send cross-origin, for the preflight. */
  corsHeaders?: readonly string[];
  /** How the route's own 405/413/415 are written: JSON (default) or plain text (the WebSub hub's errors). */
  errorFormat?: 'json' | 'text';
  /** Loads what the route's handlers import on first use, so that the first request does not wait for it. */
  prepare?: () => Promise<unknown>;
}

export interface RouteMatch {
  route: Route;
  params: RouteParams;
}

const DEFAULT_CORS_HEADERS = ['If-None-Match', 'If-Modified-Since', 'Content-Type'];

/**
 * The route table: exact paths in a map, `/prefix/{param}` routes by prefix.
 * A table rather than an if-chain, so a new endpoint family is one entry and
 * the body policy of every path is known before its body is read.
 */
export class Router {
  readonly #exact = new Map<string, Route>();
  readonly #prefixed: { prefix: string; name: string; route: Route }[] = [];

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const open = route.path.indexOf('{');
      if (open < 0) this.#exact.set(route.path, route);
      else this.#prefixed.push({ prefix: route.path.slice(0, open), name: route.path.slice(open + 1, -1), route });
    }
  }

  find(path: string): RouteMatch | undefined {
    const route = this.#exact.get(path);
    if (route) return { route, params: NO_PARAMS };
    for (const { prefix, name, route } of this.#prefixed) {
      if (!path.startsWith(prefix)) continue;
      const segment = path.slice(prefix.length);
      if (segment !== '' && !segment.includes('/')) return { route, params: { [name]: segment } };
    }
    return undefined;
  }
}

const NO_PARAMS: RouteParams = Object.freeze({});

/** Calls the route's handler for the request's method: preflight for OPTIONS, 405 with `Allow` for a method it lacks. */
export function dispatch(match: RouteMatch, request: HttpRequest, query: string): HttpReply | Promise<HttpReply> {
  const { route, params } = match;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handler = route.methods[method as Method];
  if (handler) return handler(request, { params, query });
  if (request.method === 'OPTIONS') return preflight(allowed(route), route.corsHeaders ?? DEFAULT_CORS_HEADERS);
  throw methodNotAllowed(route, request.method, false);
}

function methodNotAllowed(route: Route, method: string, close: boolean): HttpError {
  const allow = allowed(route).join(', ');
  return new HttpError(405, `${method} is not allowed here; use ${allow}`, {
    headers: { allow },
    close,
    format: route.errorFormat ?? 'json',
  });
}

export function allowed(route: Route): string[] {
  const methods = Object.keys(route.methods);
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
}

/** The route's body policy for this method, or the error that refuses the body unread: 405 for a method it lacks, else 413. */
export function bodyRuleFor(match: RouteMatch, method: string): { policy: BodyPolicy; format: 'json' | 'text' } | HttpError {
  const { route } = match;
  const format = route.errorFormat ?? 'json';
  if (method === 'POST' && route.body && route.methods.POST) return { policy: route.body, format };
  if (method !== 'HEAD' && method !== 'OPTIONS' && !route.methods[method as Method]) return methodNotAllowed(route, method, true);
  return new HttpError(413, 'This endpoint takes no request body; send the request without one.', { close: true, format });
}
