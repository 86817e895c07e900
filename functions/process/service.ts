import { join } from 'node:path';
import type { ServerConfig } from '../../src/config.ts';
import { createApp } from '../routing/app.ts';
import { ArtifactsHolder, type ReloadResult } from '../builds/artifacts.ts';
import { readBuildInfo } from '../builds/build-info.ts';
import type { Hub } from '../hub/hub.ts';
import type { PublishReport } from '../hub/publisher.ts';
import type { Resolver } from '../hub/safe-client.ts';
import { HttpServer } from './server.ts';

export interface Service {
  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 */
  url: string;
  artifacts: ArtifactsHolder;
  /** Absent with `SERVICE_ROLE=read`. */
  hub: Hub | undefined;
  /**
   * Brings a new build into service: the artifacts of every process that
   * serves them (this one, or every worker of the cluster), then, once all of
   * them answer from it, the hub's publish of the topics that changed.
   * `npm run deploy` (through the hub's publish request), SIGHUP and a read
   * process's watch of `build.json` all come here.
   */
  reload(topics?: readonly string[]): Promise<ServiceReload>;
  /** Stops accepting, finishes every answer in flight within `drainMs`, then stops the hub. */
  close(drainMs?: number): Promise<void>;
  /**
   * Settles once the routes' code loaded on first use (the MCP SDK) is in: its
   * loading starts after the server listens, so the start never waits for it
   * and the first MCP request rarely does (docs/read-path.md, "Memory").
   */
  prepared: Promise<void>;
}

export interface ServiceReload {
  build: ReloadResult;
  /** Absent without a hub. */
  publish?: PublishReport;
}

export interface ServiceOptions {
  log?: (message: string) => void;
  /** Tests only: DNS for the hub's connect-time address check. */
  resolve?: Resolver;
  /**
   * Reloads the build in every process that serves it. Default: this
   * process's artifacts. A cluster worker passes the primary's broadcast,
   * which resolves once every worker has reloaded.
   */
  reloadEverywhere?: (local: ArtifactsHolder) => Promise<ReloadResult>;
}

/**
 * The composition root of `npm start` (and of each cluster worker): opens the
 * build output, builds the hub (with `SERVICE_ROLE=all`), then the app (with
 * MCP), then listens; the hub starts (its start-up publish
 * distributes whatever changed while it was down) once the server answers.
 */
export async function composeService(config: ServerConfig, options: ServiceOptions = {}): Promise<Service> {
  const log = options.log ?? console.error;
  const artifacts = await ArtifactsHolder.open(join(config.distDir, 'client'));
  const { site } = readBuildInfo(config.distDir);
  const http = new HttpServer({ http: config.http, log });
  const reloadEverywhere = options.reloadEverywhere ?? ((local: ArtifactsHolder) => local.reload());

  const reload = async (topics: readonly string[] = []): Promise<ServiceReload> => {
    const build = await reloadEverywhere(artifacts);
    if (!build.ok) log(`reload: keeping the last good build: ${build.error.message}`);
    if (!hub) return { build };
    return { build, publish: await hub.publish(topics) };
  };

  // Loaded only by a process that runs the hub (its HTTP client, undici, is a few MB a read process need not hold).
  const hub =
    config.role === 'all'
      ? (await import('../hub/hub.ts')).createHub({
          config: config.hub,
          artifacts,
          site,
          // A deploy may build for another SITE_URL: the hub follows the site of the build each reload brings.
          readSite: () => readBuildInfo(config.distDir).site,
          log,
          onPublishRequest: (topics) => reload(topics),
          ...(options.resolve ? { resolve: options.resolve } : {}),
        })
      : undefined;
  const app = createApp({
    artifacts,
    mcp: { site, sessionSecret: config.mcpSessionSecret, allowedOrigins: config.mcpAllowedOrigins, listening: () => http.address() },
    hub: hub ? hub.route : 'elsewhere',
    log,
  });
  const url = await http.listen(app, config.host, config.port);
  // Not awaited: pages, data, search, since and MCP answer while the hub opens its database (its path answers 503 meanwhile).
  void hub?.start();
  // After the caller's own next steps (setImmediate runs after the pending promise callbacks): what is loaded on first use.
  const prepared = new Promise<void>((done) => setImmediate(() => done(app.prepare()))).catch((error: unknown) => {
    log(`start: could not load the MCP server ahead of its first request: ${error instanceof Error ? error.message : String(error)}`);
  });
  return {
    url,
    prepared,
    artifacts,
    hub,
    reload,
    async close(drainMs = config.shutdownDrainMs) {
      await http.close(drainMs);
      await hub?.close();
    },
  };
}
