import type { ArtifactsHolder } from '../builds/artifacts.ts';
import type { Route } from '../http/router.ts';
import { createEdgePolicy } from './edge-policy.ts';
import { WrittenResults } from './prewritten.ts';
import { mcpRoute } from './route.ts';
import { createMcpServer } from './server-factory.ts';
import { createSessionSigner } from './session.ts';

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

/** The MCP endpoint's entries in the route table. */
export function mcpRoutes(artifacts: ArtifactsHolder, options: McpOptions): Route[] {
  const written = new WrittenResults();
  const route = mcpRoute({
    server: createMcpServer({ artifacts, site: options.site, written }),
    written,
    sessions: createSessionSigner({
      secret: options.sessionSecret,
      ...(options.sessionLifetimeSeconds ? { lifetimeSeconds: options.sessionLifetimeSeconds } : {}),
    }),
    edge: createEdgePolicy({ site: options.site, allowedOrigins: options.allowedOrigins, listening: options.listening }),
  });
  return [route];
}
