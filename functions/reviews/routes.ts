import { PATHS } from '../../src/lib/endpoints.ts';
import type { Artifacts, ArtifactsHolder } from '../builds/artifacts.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { handleSearch } from './search-handler.ts';
import { handleSince } from './since-handler.ts';

/** Every read endpoint's handler: the request, where it went, and the build it is answered from (read once per request). */
export type ReadHandler = (request: HttpRequest, context: RouteContext, build: Artifacts) => HttpReply | Promise<HttpReply>;

/** The read API's entries in the route table: GET only, no body. */
export function readRoutes(artifacts: ArtifactsHolder): Route[] {
  const bound = (handler: ReadHandler): Route['methods'] => ({ GET: (request, context) => handler(request, context, artifacts.current) });
  return [
    { path: PATHS.search, methods: bound(handleSearch) },
    { path: PATHS.since, methods: bound(handleSince) },
  ];
}
