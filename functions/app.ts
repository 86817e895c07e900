import { PATHS } from '../src/lib/endpoints.ts';
import type { ArtifactsHolder } from './artifacts.ts';
import { preflight } from './http/cors.ts';
import { errorReply, methodNotAllowed, type HttpReply, type HttpRequest } from './http/reply.ts';
import { handleSearch, withCors } from './reviews/search-handler.ts';
import { handleSince } from './reviews/since-handler.ts';

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const SINCE_PREFIX = PATHS.since.slice(0, PATHS.since.indexOf('{'));

export interface AppDeps {
  artifacts: ArtifactsHolder;
}

/**
 * The whole HTTP surface as one function: dynamic endpoints first, then the
 * built files, then a JSON 404. Runtime-free, so the Node server and Astro's
 * dev routes call the same code.
 */
export function createApp(deps: AppDeps): (request: HttpRequest) => HttpReply | Promise<HttpReply> {
  return (request) => {
    const { path, query } = splitTarget(request.url);
    const artifacts = deps.artifacts.current;

    if (path === PATHS.search) return read(request) ?? handleSearch(query, artifacts);
    if (path.startsWith(SINCE_PREFIX)) {
      const date = path.slice(SINCE_PREFIX.length);
      if (date !== '' && !date.includes('/')) return read(request) ?? handleSince(request, date, artifacts);
    }
    if (artifacts.site.get(path)) {
      return read(request) ?? artifacts.site.serve(request, path) ?? notFound(path);
    }
    return notFound(path);
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

/** Undefined for GET and HEAD (the caller answers); OPTIONS is a CORS preflight; anything else is a 405. */
function read(request: HttpRequest): HttpReply | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (request.method === 'OPTIONS') return preflight(READ_METHODS);
  return withCors(methodNotAllowed(request.method, READ_METHODS));
}

function notFound(path: string): HttpReply {
  return withCors(errorReply(404, `No resource at ${path}. See ${PATHS.openapi} for what this service offers.`));
}
