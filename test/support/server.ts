import { join } from 'node:path';
import type { HttpLimits } from '../../src/config.ts';
import { createApp } from '../../functions/routing/app.ts';
import { ArtifactsHolder } from '../../functions/builds/artifacts.ts';
import { readBuildInfo } from '../../functions/builds/build-info.ts';
import type { Route } from '../../functions/http/router.ts';
import type { McpOptions } from '../../functions/mcp/endpoint.ts';
import { HttpServer, type RunningServer } from '../../functions/process/server.ts';

export interface ServeOptions {
  /** Serve `/mcp` too, as `npm start` does (site from the build's build.json). */
  mcp?: Partial<Omit<McpOptions, 'site' | 'listening'>>;
  /** Routes of the test's own beside the read API. */
  routes?: readonly Route[];
  log?: (message: string) => void;
}

/** Starts the real server (the app `npm start` assembles) on a free port of 127.0.0.1 for one test file: the read API, and MCP when asked. */
export async function serve(distDir: string, http: Partial<HttpLimits> = {}, options: ServeOptions = {}): Promise<RunningServer> {
  const { mcp } = options;
  const log = options.log ?? console.error;
  const artifacts = await ArtifactsHolder.open(join(distDir, 'client'));
  const server = new HttpServer({ http, log });
  const app = createApp({
    artifacts,
    routes: options.routes ?? [],
    log,
    ...(mcp
      ? {
          mcp: {
            site: readBuildInfo(distDir).site,
            sessionSecret: mcp.sessionSecret,
            allowedOrigins: mcp.allowedOrigins ?? [],
            listening: () => server.address(),
            ...(mcp.sessionLifetimeSeconds ? { sessionLifetimeSeconds: mcp.sessionLifetimeSeconds } : {}),
          },
        }
      : {}),
  });
  const url = await server.listen(app, '127.0.0.1', 0);
  return { url, artifacts, close: (drainMs?: number) => server.close(drainMs) };
}
