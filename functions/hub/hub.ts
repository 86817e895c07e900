import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { HubConfig } from '../../src/config.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import type { Route } from '../http/router.ts';
import { Dispatcher } from './dispatcher.ts';
import { HubSite } from './hub-site.ts';
import { HUB_MAX_BODY_BYTES, hubRoute, type PublishOutcome } from './hub-route.ts';
import { Publisher, type PublishReport } from './publisher.ts';
import { HubClient, type Resolver } from './safe-client.ts';
import { HubStore, storeError, type StoreError } from './store/index.ts';
import { hubUnavailable, unavailableLogLine } from './unavailable.ts';

export { hubTopics } from './hub-site.ts';

export interface Hub {
  route: Route;
  /** Undefined when the hub is unavailable (its database could not be opened, created, written or trusted). */
  store: HubStore | undefined;
  /** Publishes from the artifacts already loaded and starts the outgoing work (resumes what a previous run left). A publish that meets a lock is retried, not dropped. */
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
  /** The site of the build on disk (`dist/build.json`), read again after each reload: a deploy may change it. Unset: `site` stays. */
  readSite?: () => string;
  log: (message: string) => void;
  /**
   * What a publish request (`hub.mode=publish`) runs before it is answered:
   * the service's reload (the new build into every worker, then this hub's
   * publish). Unset: the hub publishes from the snapshot it has.
   */
  onPublishRequest?: (topics: readonly string[]) => Promise<PublishOutcome>;
  /** Tests only: DNS for the connect-time address check. */
  resolve?: Resolver;
}

/**
 * Wires the hub: its SQLite store, the guarded HTTP client, the dispatcher,
 * the publisher and the route. Never throws: a database that cannot be
 * used gives a hub whose route answers 503 with the reason, and the rest of
 * the service serves on (contract section 8).
 */
export function createHub(options: HubOptions): Hub {
  const { config, artifacts, log } = options;
  let store: HubStore;
  try {
    store = HubStore.open(config.dbPath);
  } catch (error) {
    const failure = storeError(error);
    log(unavailableLogLine(config.dbPath, failure));
    return unavailableHub(failure);
  }
  const site = new HubSite(options.site, options.readSite ? { snapshot: () => artifacts.current, read: options.readSite } : undefined);
  const worker = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const client = new HubClient({
    allowPrivate: config.allowPrivateCallbacks,
    timeoutMs: config.deliveryTimeoutMs,
    connectionsPerOrigin: config.deliveryConcurrency,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const dispatcher = new Dispatcher({ store, client, worker, config, site, log });
  const publisher = new Publisher({ artifacts, store, site, onQueued: () => dispatcher.kick(), log });
  const route = hubRoute({
    config,
    store,
    dispatcher,
    publish: options.onPublishRequest ?? (async (topicUrls) => ({ publish: await publisher.publish(topicUrls) })),
    site,
    worker,
    log,
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
      publisher.stop();
      await dispatcher.stop();
      await client.destroy();
      store.close();
    },
  };
}

/** The hub path of a hub whose database cannot be used: 503 with the reason, for every request. */
function unavailableHub(failure: StoreError): Hub {
  const refusal = () => Promise.reject(hubUnavailable(failure, 'The WebSub hub is unavailable'));
  const route: Route = {
    path: PATHS.hub,
    methods: { POST: refusal },
    body: { maxBytes: HUB_MAX_BODY_BYTES, types: ['application/x-www-form-urlencoded'] },
    errorFormat: 'text',
  };
  const report: PublishReport = { changed: [], error: failure };
  return {
    route,
    store: undefined,
    start: () => Promise.resolve(report),
    publish: () => Promise.resolve(report),
    close: () => Promise.resolve(),
  };
}
