import type { HttpLimits } from '../../src/config.ts';
import { readBuildSite } from '../../functions/build-info.ts';
import { mcpRoutes, type McpOptions } from '../../functions/mcp/endpoint.ts';
import { startServer, type RunningServer } from '../../functions/server.ts';

export interface ServeOptions {
  /** Serve `/mcp` too, as `npm start` does (site from the build's build.json). */
  mcp?: Partial<Omit<McpOptions, 'site' | 'listening'>>;
}

/** Starts the real server on a free port of 127.0.0.1 for one test file. */
export function serve(distDir: string, http: Partial<HttpLimits> = {}, options: ServeOptions = {}): Promise<RunningServer> {
  const { mcp } = options;
  return startServer({
    host: '127.0.0.1',
    port: 0,
    distDir,
    http,
    ...(mcp && {
      routes: (artifacts, listening) =>
        mcpRoutes(artifacts, {
          site: readBuildSite(distDir),
          sessionSecret: mcp.sessionSecret,
          allowedOrigins: mcp.allowedOrigins ?? [],
          listening,
          ...(mcp.sessionLifetimeSeconds ? { sessionLifetimeSeconds: mcp.sessionLifetimeSeconds } : {}),
        }),
    }),
  });
}
