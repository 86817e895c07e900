import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HubConfig } from '../../src/config.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import type { HttpRequest } from '../http/reply.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { Dispatcher } from './dispatcher.ts';
import { HubSite } from './hub-site.ts';
import { HUB_MAX_BODY_BYTES, hubRoute, type PublishOutcome } from './hub-route.ts';
import { Publisher, type PublishReport } from './publisher.ts';
import { HubClient, type Resolver } from './safe-client.ts';
import { describeLocation, openHubStore, StoreError, storeError, type HubStore } from './store/index.ts';
import { hubStarting, hubUnavailable, unavailableLogLine } from './unavailable.ts';

export { hubTopics } from './hub-site.ts';

export interface Hub {
  route: Route;
  /** Undefined until the database is open, and for good when it cannot be used (opened, created, written or trusted). */
  readonly store: HubStore | undefined;
  /**
   * Opens the database (after the server listens: pages and data never wait
   * for it), then publishes from the artifacts already loaded and starts the
   * outgoing work (resumes what a previous run left). Until then the hub's
   * path answers 503 with Retry-After. Never rejects.
   */
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

/** Each try of an open waits this long for a lock held elsewhere; between tries the open sleeps, doubling up to the last. */
const OPEN_TRY_MS = 1_000;
const OPEN_PAUSE_MS = [250, 500, 1_000, 2_000, 5_000];

type State =
  | { kind: 'opening' }
  | { kind: 'ready'; store: HubStore; route: Route; publisher: Publisher; dispatcher: Dispatcher; client: HubClient }
  | { kind: 'unavailable'; failure: StoreError }
  | { kind: 'closed' };

/**
 * Wires the hub: its store (SQLite file or Postgres), the guarded HTTP
 * client, the dispatcher, the publisher and the route. Never throws, and
 * never holds up the server: the store opens in `start()`, after the server
 * listens; a database that cannot be used gives a hub whose route answers
 * 503 with the reason, and the rest of the service serves on (docs/operations.md).
 */
export function createHub(options: HubOptions): Hub {
  const { config, log } = options;
  let state: State = { kind: 'opening' };
  let started: Promise<PublishReport> | undefined;
  const ready = (): Extract<State, { kind: 'ready' }> | undefined => (state.kind === 'ready' ? state : undefined);

  const route: Route = {
    path: PATHS.hub,
    methods: {
      POST: (request: HttpRequest, context: RouteContext) => {
        const current = state;
        if (current.kind === 'ready') return (current.route.methods.POST as NonNullable<Route['methods']['POST']>)(request, context);
        if (current.kind === 'unavailable') return Promise.reject(hubUnavailable(current.failure, 'The WebSub hub is unavailable'));
        return Promise.reject(hubStarting());
      },
    },
    body: { maxBytes: HUB_MAX_BODY_BYTES, types: ['application/x-www-form-urlencoded'] },
    errorFormat: 'text',
  };

  async function open(): Promise<HubStore | StoreError> {
    let waited = false;
    for (let attempt = 0; ; attempt += 1) {
      if (state.kind === 'closed') return storeError(new Error('the hub closed before its database opened'));
      try {
        const store = await openHubStore(config, OPEN_TRY_MS);
        if (waited) log(`hub: the database is open; the hub answers again`);
        return store;
      } catch (error) {
        const failure = storeError(error);
        // A lock held elsewhere passes; so may a database server that is down, restarting or read-only (a failover).
        // A file that cannot be created, read or trusted needs an operator: the hub stays unavailable.
        const passes =
          failure.fault === 'busy' || (config.databaseUrl !== undefined && failure.fault !== 'bug' && failure.fault !== 'damaged');
        if (!passes) return failure;
        if (!waited)
          log(`hub: waiting for the database (${describeLocation(config)}: ${failure.message}); the hub path answers 503 meanwhile`);
        waited = true;
        await sleep(OPEN_PAUSE_MS[Math.min(attempt, OPEN_PAUSE_MS.length - 1)] as number);
      }
    }
  }

  function wire(store: HubStore): Extract<State, { kind: 'ready' }> {
    const site = new HubSite(
      options.site,
      options.readSite ? { snapshot: () => options.artifacts.current, read: options.readSite } : undefined,
    );
    const worker = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
    const client = new HubClient({
      allowPrivate: config.allowPrivateCallbacks,
      timeoutMs: config.deliveryTimeoutMs,
      connectionsPerOrigin: config.deliveryConcurrency,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    const dispatcher = new Dispatcher({ store, client, worker, config, site, log });
    const publisher = new Publisher({ artifacts: options.artifacts, store, site, onQueued: () => dispatcher.kick(), log });
    const inner = hubRoute({
      config,
      store,
      dispatcher,
      publish: options.onPublishRequest ?? (async (topicUrls) => ({ publish: await publisher.publish(topicUrls) })),
      site,
      worker,
      log,
    });
    return { kind: 'ready', store, route: inner, publisher, dispatcher, client };
  }

  const notReady = (): PublishReport => ({
    changed: [],
    error: state.kind === 'unavailable' ? state.failure : new StoreError('busy', 'the hub is still opening its database'),
  });

  return {
    route,
    get store() {
      return ready()?.store;
    },
    start() {
      started ??= (async () => {
        const opened = await open();
        if (!('engine' in opened)) {
          if (state.kind !== 'closed') {
            log(unavailableLogLine(describeLocation(config), opened));
            state = { kind: 'unavailable', failure: opened };
          }
          return { changed: [], error: opened };
        }
        if (state.kind === 'closed') {
          await opened.close();
          return notReady();
        }
        const wired = wire(opened);
        state = wired;
        const report = await wired.publisher.publish([]);
        wired.dispatcher.kick();
        return report;
      })();
      return started;
    },
    publish: (topicUrls = []) => ready()?.publisher.publish(topicUrls) ?? Promise.resolve(notReady()),
    async close() {
      const current = state;
      state = { kind: 'closed' };
      if (current.kind !== 'ready') return;
      current.publisher.stop();
      await current.dispatcher.stop();
      await current.client.destroy();
      await current.store.close();
    },
  };
}
