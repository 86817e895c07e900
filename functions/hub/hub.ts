import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { HubConfig } from '../../src/config.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../artifacts.ts';
import type { Route } from '../http/router.ts';
import { Dispatcher } from './dispatcher.ts';
import { hubRoute } from './hub-route.ts';
import { Publisher, type PublishReport, type TopicSource } from './publisher.ts';
import { HubClient, type Resolver } from './safe-client.ts';
import { HubStore } from './store/index.ts';

export interface Hub {
  route: Route;
  store: HubStore;
  /** Publishes from the artifacts already loaded and starts the outgoing work (resumes what a previous run left). */
  start(): Promise<PublishReport>;
  publish(topics?: readonly string[]): Promise<PublishReport>;
  close(): Promise<void>;
}

export interface HubOptions {
  config: HubConfig;
  /** The snapshot topics are read from (the hub never reloads it: the service does, before it publishes). */
  artifacts: Pick<ArtifactsHolder, 'current'>;
  /** The public base URL the build was made for: topics and the hub URL hang off it. */
  site: string;
  log: (message: string) => void;
  /**
   * What a publish request (`hub.mode=publish`) runs after its 202: the
   * service's reload (the new build into every worker, then this hub's
   * publish). Unset: the hub publishes from the snapshot it has.
   */
  onPublishRequest?: (topics: readonly string[]) => Promise<unknown>;
  /** Tests only: DNS for the connect-time address check. */
  resolve?: Resolver;
}

/** The three topics of contract section 4, as URLs under the site and the built files they are. */
export function hubTopics(site: string): TopicSource[] {
  return [PATHS.atomFeed, PATHS.jsonFeed, PATHS.reviews].map((path) => ({ url: site + path, path }));
}

/** Wires the hub: its SQLite store, the guarded HTTP client, the dispatcher, the publisher and the route. */
export function createHub(options: HubOptions): Hub {
  const { config, artifacts, site, log } = options;
  if (config.dbPath !== ':memory:') mkdirSync(dirname(config.dbPath), { recursive: true });
  const store = HubStore.open(config.dbPath);
  const worker = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const client = new HubClient({
    allowPrivate: config.allowPrivateCallbacks,
    timeoutMs: config.deliveryTimeoutMs,
    connectionsPerOrigin: config.deliveryConcurrency,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const hubUrl = site + PATHS.hub;
  const dispatcher = new Dispatcher({ store, client, worker, config, hubUrl, log });
  const topics = hubTopics(site);
  const publisher = new Publisher({ artifacts, store, topics, onQueued: () => dispatcher.kick(), log });
  const route = hubRoute({
    config,
    store,
    dispatcher,
    publish: options.onPublishRequest ?? ((topicUrls) => publisher.publish(topicUrls)),
    topics: topics.map((t) => t.url),
    worker,
  });
  return {
    route,
    store,
    async start() {
      const report = await publisher.publish([]);
      dispatcher.kick();
      return report;
    },
    publish: (topicUrls = []) => publisher.publish(topicUrls),
    async close() {
      await dispatcher.stop();
      await client.destroy();
      store.close();
    },
  };
}
