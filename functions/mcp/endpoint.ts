import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import type { Route } from '../http/router.ts';
import { createEdgePolicy } from './edge-policy.ts';
import { createSessionSigner } from './session.ts';

/** A JSON-RPC request is small; 1 MiB leaves room for long tool arguments and refuses megabytes unread. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

export interface McpOptions {
  /** Public base URL the build was made with (`dist/build.json`). */
  site: string;
  /** MCP_SESSION_SECRET. */
  sessionSecret: string | undefined;
  /** MCP_ALLOWED_ORIGINS, beyond the site's own origin. */
  allowedOrigins: readonly string[];
  /** Where the server listens, once it does (the Host check needs the port). */
  listening: () => { host: string; port: number } | undefined;
  sessionLifetimeSeconds?: number;
}

/**
 * The MCP endpoint's entries in the route table. The MCP SDK, the server and
 * its tools are loaded by the route's `prepare`, which the service calls once
 * it listens, or by the first request to `/mcp` if that comes sooner: the
 * start never waits for them (docs/read-path.md, "Memory").
 */
export function mcpRoutes(artifacts: ArtifactsHolder, options: McpOptions): Route[] {
  // Made at once (no SDK in them): a setting they refuse stops the start, not the first MCP request.
  const sessions = createSessionSigner({
    secret: options.sessionSecret,
    ...(options.sessionLifetimeSeconds ? { lifetimeSeconds: options.sessionLifetimeSeconds } : {}),
  });
  const edge = createEdgePolicy({ site: options.site, allowedOrigins: options.allowedOrigins, listening: options.listening });
  let answerer: Promise<(request: HttpRequest) => Promise<HttpReply>> | undefined;
  const load = async () => {
    const [{ mcpAnswerer }, { createMcpServer }] = await Promise.all([import('./route.ts'), import('./server-factory.ts')]);
    return mcpAnswerer({ server: createMcpServer({ artifacts, site: options.site }), sessions, edge });
  };
  return [
    {
      path: PATHS.mcp,
      methods: { POST: async (request) => (await (answerer ??= load()))(request) },
      prepare: () => (answerer ??= load()),
      body: { maxBytes: MCP_MAX_BODY_BYTES, types: ['application/json'] },
      corsHeaders: ['Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'Last-Event-ID'],
    },
  ];
}
