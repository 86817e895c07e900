import { createHash } from 'node:crypto';
import { readServerConfig } from '../../src/config.ts';
import { loadInsights, loadSite } from '../../src/content/site-content.ts';
import { snapshotInsights } from '../../src/lib/answers/insights-snapshot.ts';
import { createReviewIndex } from '../../src/lib/search/index.ts';
import { ArtifactsHolder } from '../builds/artifacts.ts';
import { ReadModel } from '../builds/read-model.ts';
import { createHub } from '../hub/hub.ts';
import { createNodeAdapter, type NodeAdapter } from '../process/node-adapter.ts';
import { createApp, type App } from '../routing/app.ts';
import { StaticSite } from '../static/static-site.ts';

const DEV_HUB_DB_PATH = 'data/hub-dev.db';

export interface DevServing {
  app: App;
  adapter: NodeAdapter;
}

/**
 * The app `npm start` serves, for `astro dev`: loaded by the dev server in
 * Astro's module graph (the collections are read through `astro:content`,
 * as the pages read them), so search, since, MCP and the hub answer through
 * the same router, error catcher and Node adapter as in production. There is
 * no build output: the read model is made from the collections, the pages
 * and files are Astro's own (the app's static files are empty). The hub keeps
 * its state in a development file of its own (data/hub-dev.db unless
 * HUB_DB_PATH says), never in the database `npm start` uses: a publish from
 * `astro dev` would move every subscription to the development address.
 */
export async function createDevServing(env: NodeJS.ProcessEnv, log: (message: string) => void): Promise<DevServing> {
  const config = readServerConfig(env);
  const [{ dataset, base }, insights] = await Promise.all([loadSite(), loadInsights()]);
  const json = JSON.stringify(dataset);
  const artifacts = new ArtifactsHolder('(astro dev: no build output)', {
    site: new StaticSite('(astro dev: pages come from Astro)'),
    read: new ReadModel(createReviewIndex(dataset), {
      etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
      lastModifiedSeconds: Math.floor(Date.now() / 1000),
    }),
    dataset: { business: dataset.business, aggregate_rating: dataset.aggregate_rating },
    insights: snapshotInsights(insights),
  });
  const url = new URL(base);
  const hub = createHub({
    config: { ...config.hub, dbPath: env.HUB_DB_PATH ?? DEV_HUB_DB_PATH, databaseUrl: undefined },
    artifacts,
    site: base,
    log,
  });
  void hub.start();
  const app = createApp({
    artifacts,
    mcp: {
      site: base,
      sessionSecret: config.mcpSessionSecret,
      allowedOrigins: config.mcpAllowedOrigins,
      listening: () => ({ host: url.hostname, port: Number(url.port) }),
    },
    hub: hub.route,
    log,
  });
  return { app, adapter: createNodeAdapter(app, { log, limits: config.http }) };
}
