import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import type { Route } from '../http/router.ts';
import { handleSearch } from './search-handler.ts';
import { handleSince } from './since-handler.ts';

/** The read API's entries in the route table: GET only, no body. */
export function readRoutes(artifacts: ArtifactsHolder): Route[] {
  return [
    { path: PATHS.search, methods: { GET: (request, { query }) => handleSearch(query, artifacts.current, request) } },
    {
      path: PATHS.since,
      methods: { GET: (request, { params, query }) => handleSince(request, params.date ?? '', query, artifacts.current) },
    },
  ];
}
