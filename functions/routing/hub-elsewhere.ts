import { PATHS } from '../../src/lib/endpoints.ts';
import { HttpError } from '../http/http-error.ts';
import { HUB_MAX_BODY_BYTES } from '../hub/hub-route.ts';
import type { Route } from '../http/router.ts';

/**
 * The hub's path in a process started with `SERVICE_ROLE=read` (docs/interface.md,
 * "Running it"): it answers 503 with a plain-text reason naming the role, so a
 * subscriber or a deploy that reached the wrong process is told why.
 */
export function hubElsewhereRoute(): Route {
  const refuse = (): never => {
    throw new HttpError(
      503,
      'This process runs with SERVICE_ROLE=read: it serves pages, datasets, search, since and MCP, but not the WebSub hub. Send hub requests to the process that runs it (SERVICE_ROLE=all).',
      { format: 'text' },
    );
  };
  return {
    path: PATHS.hub,
    methods: { POST: refuse },
    body: { maxBytes: HUB_MAX_BODY_BYTES, types: ['application/x-www-form-urlencoded'] },
    errorFormat: 'text',
  };
}
