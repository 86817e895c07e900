import type { ServerConfig } from '../src/config.ts';
import { readBuildSite } from './build-info.ts';
import { createHub, type Hub } from './hub/hub.ts';
import { mcpRoutes } from './mcp/endpoint.ts';
import type { Resolver } from './hub/safe-client.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RunningService {
  server: RunningServer;
  hub: Hub;
  close(): Promise<void>;
}

/**
 * Everything `npm start` runs in one process: the HTTP server (read API and MCP) and the hub
 * (whose start-up publish distributes whatever changed while it was down and
 * resumes the work a previous run left in its database).
 */
export async function startService(
  config: ServerConfig,
  options: { log?: (message: string) => void; resolve?: Resolver } = {},
): Promise<RunningService> {
  const log = options.log ?? console.error;
  const site = readBuildSite(config.distDir);
  let hub: Hub | undefined;
  const server = await startServer({
    ...config,
    log,
    routes: (artifacts, listening) => {
      hub = createHub({ config: config.hub, artifacts, site, log, ...(options.resolve ? { resolve: options.resolve } : {}) });
      const mcp = mcpRoutes(artifacts, {
        site,
        sessionSecret: config.mcpSessionSecret,
        allowedOrigins: config.mcpAllowedOrigins,
        listening,
      });
      return [hub.route, ...mcp];
    },
  });
  const started = hub as Hub;
  await started.start();
  return {
    server,
    hub: started,
    async close() {
      await server.close();
      await started.close();
    },
  };
}
