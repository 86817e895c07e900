import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import { HttpError, internalError, renderError } from '../http/http-error.ts';
import { prefersHtml } from '../http/negotiation.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import { bodyRuleFor, dispatch, Router, type BodyPolicy, type Route, type RouteMatch } from '../http/router.ts';
import { mcpRoutes, type McpOptions } from '../mcp/endpoint.ts';
import { readRoutes } from '../reviews/routes.ts';
import { staticRoute } from '../static/static-route.ts';
import { hubElsewhereRoute } from './hub-elsewhere.ts';

export interface AppDeps {
  artifacts: ArtifactsHolder;
  /** `/mcp`, when given: the site the build was made with, the session settings, where the server listens. */
  mcp?: McpOptions;
  /**
   * `/hub`: the hub's route; `'elsewhere'` in a process that runs without
   * the hub (SERVICE_ROLE=read), which answers 503 naming the role; absent,
   * no hub path at all (a test's small server).
   */
  hub?: Route | 'elsewhere';
  /** Routes of a test's own, beside the service's. */
  routes?: readonly Route[];
  log?: (message: string) => void;
}

/** The whole HTTP surface: the route table, one error path, and what the adapter asks before reading a body. */
export interface App {
  handle(request: HttpRequest): HttpReply | Promise<HttpReply>;
  /**
   * What to do with a request that carries a body, asked before a byte of it
   * is read: read it within the route's policy, or answer at once and close
   * the connection (404, 405, or 413 where no body belongs).
   */
  bodyRule(method: string, target: string): { policy: BodyPolicy; format: 'json' | 'text' } | HttpError;
  /** Whether a path is one of the app's endpoints (not a static file): the dev server routes those here. */
  routes(path: string): boolean;
  /** Loads what the routes load on first use (the MCP SDK): called once the server listens, not awaited by the start. */
  prepare(): Promise<void>;
}

/**
 * The one assembly of the service's HTTP surface, used by `npm start` (each
 * process of the cluster), the tests, the benchmarks and `astro dev`: the
 * read API, MCP and the hub from `deps`, the build's files behind them.
 * Runtime-free: the Node server and Astro's dev server call the same code.
 * Every error a handler throws, typed or not, is rendered here and nowhere else.
 */
export function createApp(deps: AppDeps): App {
  const log = deps.log ?? console.error;
  const hub = deps.hub === 'elsewhere' ? hubElsewhereRoute() : deps.hub;
  const routes = [
    ...readRoutes(deps.artifacts),
    ...(deps.mcp ? mcpRoutes(deps.artifacts, deps.mcp) : []),
    ...(hub ? [hub] : []),
    ...(deps.routes ?? []),
  ];
  const router = new Router(routes);
  const fallback = staticRoute(deps.artifacts);
  const find = (path: string): RouteMatch | undefined =>
    router.find(path) ?? (deps.artifacts.current.site.get(path) ? { route: fallback, params: { path } } : undefined);

  const fail = (error: unknown): HttpReply => {
    return error instanceof HttpError ? renderError(error) : internalError(error, log);
  };

  /** A browser gets the site's 404 page (when the build has one); any other client the JSON 404 (docs/interface.md). */
  const notFound = (request: HttpRequest, path: string): HttpReply => {
    const site = deps.artifacts.current.site;
    const page = prefersHtml(request.headers.get('accept')) ? site.notFoundPage(request) : undefined;
    if (page) return page;
    return renderError(
      new HttpError(404, `No resource at ${path}. See ${PATHS.openapi} for what this service offers.`, {
        headers: site.hasNotFoundPage ? { vary: 'Accept' } : {},
      }),
    );
  };

  return {
    handle(request) {
      const { path, query } = splitTarget(request.url);
      try {
        const match = find(path);
        if (!match) return notFound(request, path);
        const reply = dispatch(match, request, query);
        return reply instanceof Promise ? reply.catch(fail) : reply;
      } catch (error) {
        return fail(error);
      }
    },
    routes: (path) => router.find(path) !== undefined,
    async prepare() {
      await Promise.all(routes.map((route) => route.prepare?.()));
    },
    bodyRule(method, target) {
      const { path } = splitTarget(target);
      const match = find(path);
      if (!match) return new HttpError(404, `No resource at ${path}.`, { close: true });
      return bodyRuleFor(match, method);
    },
  };
}

/**
 * Path and query of a request target: origin-form (`/a?b`) from Node, absolute
 * form from a Web `Request`. A plain split, not `new URL`: it costs less, and
 * a target like `//[` (a "host" to URL) cannot make it throw.
 */
export function splitTarget(target: string): { path: string; query: string } {
  let start = 0;
  if (!target.startsWith('/')) {
    const scheme = target.indexOf('://');
    start = scheme < 0 ? target.length : target.indexOf('/', scheme + 3);
    if (start < 0) start = target.length;
  }
  let end = target.indexOf('#', start);
  if (end < 0) end = target.length;
  const mark = target.indexOf('?', start);
  const hasQuery = mark >= 0 && mark < end;
  return { path: target.slice(start, hasQuery ? mark : end) || '/', query: hasQuery ? target.slice(mark + 1, end) : '' };
}
