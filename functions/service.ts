import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ServerConfig } from '../src/config.ts';
import { createHub, type Hub } from './hub/hub.ts';
import type { Resolver } from './hub/safe-client.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RunningService {
  server: RunningServer;
  hub: Hub;
  close(): Promise<void>;
}

const BuildInfoSchema = z.object({ site: z.url() });

/** The site URL the build in `distDir` was made for (`dist/build.json`, written by the build). */
export async function readBuiltSite(distDir: string): Promise<string> {
  const file = join(distDir, 'build.json');
  const parsed = BuildInfoSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} does not name the site the build was made for: ${parsed.error.message}`);
  return parsed.data.site.replace(/\/+$/, '');
}

/**
 * Everything `npm start` runs in one process: the HTTP server and the hub
 * (whose start-up publish distributes whatever changed while it was down and
 * resumes the work a previous run left in its database).
 */
export async function startService(config: ServerConfig, options: { log?: (message: string) => void; resolve?: Resolver } = {}): Promise<RunningService> {
  const log = options.log ?? console.error;
  const site = await readBuiltSite(config.distDir);
  let hub: Hub | undefined;
  const server = await startServer({
    ...config,
    log,
    routes: (artifacts) => {
      hub = createHub({ config: config.hub, artifacts, site, log, ...(options.resolve ? { resolve: options.resolve } : {}) });
      return [hub.route];
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
