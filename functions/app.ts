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
    const url = URL.parse(request.url, 'http://localhost');
    if (!url) return withCors(errorReply(400, 'The request target is not a valid URL.'));
    const path = url.pathname;
    const artifacts = deps.artifacts.current;

    if (path === PATHS.search) return read(request, () => handleSearch(url, artifacts));
    if (path.startsWith(SINCE_PREFIX)) {
      const date = path.slice(SINCE_PREFIX.length);
      if (date !== '' && !date.includes('/')) return read(request, () => handleSince(request, date, artifacts));
    }
    if (artifacts.site.get(path)) {
      return read(request, () => artifacts.site.serve(request, path) ?? notFound(path));
    }
    return notFound(path);
  };
}

/** GET and HEAD run the handler; OPTIONS is a CORS preflight; anything else is a 405. */
function read(request: HttpRequest, handler: () => HttpReply): HttpReply {
  if (request.method === 'GET' || request.method === 'HEAD') return handler();
  if (request.method === 'OPTIONS') return preflight(READ_METHODS);
  return withCors(methodNotAllowed(request.method, READ_METHODS));
}

function notFound(path: string): HttpReply {
  return withCors(errorReply(404, `No resource at ${path}. See ${PATHS.openapi} for what this service offers.`));
}
