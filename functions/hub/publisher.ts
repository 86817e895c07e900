import type { ArtifactsHolder } from '../builds/artifacts.ts';
import { TOPIC_PATHS, type HubSite } from './hub-site.ts';
import { retrying, StoreError, type HubStore } from './store/index.ts';

export type { TopicSource } from './hub-site.ts';

export interface PublishReport {
  /** Topics whose bytes changed, with the subscribers they were queued for. */
  changed: { topic: string; queued: number }[];
  /** The publish could not be recorded (the database failed or stayed locked); nothing was queued, and the hub retries it. */
  error?: StoreError;
  /** The site changed with this publish: the subscriptions moved to the new topic URLs. */
  moved?: { from: string | undefined; to: string; subscriptions: number };
}

export interface PublisherDeps {
  /** The snapshot topics are read from (the service reloads it before it publishes). */
  artifacts: Pick<ArtifactsHolder, 'current'>;
  store: HubStore;
  site: HubSite;
  /** After every publish, changed or not: the dispatcher looks for work (another node may have queued it). */
  onQueued: () => void;
  log: (message: string) => void;
}

/** How long a publish waits for a lock held elsewhere before it reports failure (and retries on its own). */
export const PUBLISH_WITHIN_MS = 1_000;
/** Retries of a publish that could not be recorded: doubling from the first to the last, then every last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 10_000;

/**
 * Publishing (docs/interface.md, "WebSub hub"): follow a change of site, then queue each
 * topic whose bytes in the current snapshot differ from what was last
 * distributed. Bringing the new build into the read endpoints (of every
 * worker) is the service's reload, which runs before it (functions/process/service.ts).
 * Publishes that arrive while one runs collapse into at most one more, which
 * covers every topic any of them named. A publish that cannot be recorded is
 * reported and retried until it is.
 */
export class Publisher {
  readonly #deps: PublisherDeps;
  #running: Promise<PublishReport> | undefined;
  /** Topics asked for while a run was going (undefined: none; empty: every topic). */
  #next: Set<string> | undefined;
  #nextRun: Promise<PublishReport> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryInMs = RETRY_FIRST_MS;
  #stopped = false;

  constructor(deps: PublisherDeps) {
    this.#deps = deps;
  }

  /** `topics` empty = all. Resolves when the run that covers this request is done. */
  publish(topics: readonly string[] = []): Promise<PublishReport> {
    if (!this.#running) return this.#start(new Set(topics));
    if (this.#next === undefined) this.#next = new Set(topics);
    else if (this.#next.size > 0 && topics.length > 0) for (const t of topics) this.#next.add(t);
    else this.#next.clear();
    this.#nextRun ??= this.#running.then(() => {
      const next = this.#next ?? new Set<string>();
      this.#next = undefined;
      this.#nextRun = undefined;
      return this.#start(next);
    });
    return this.#nextRun;
  }

  /** No more retries (the hub is closing). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
  }

  #start(topics: Set<string>): Promise<PublishReport> {
    const run = this.#run(topics)
      .then((report) => {
        this.#retryInMs = RETRY_FIRST_MS;
        return report;
      })
      .catch((error: unknown): PublishReport => {
        const failure = error instanceof StoreError ? error : new StoreError('bug', String(error), { cause: error });
        this.#retryLater(failure);
        return { changed: [], error: failure };
      })
      .finally(() => {
        if (this.#running === run) this.#running = undefined;
      });
    this.#running = run;
    return run;
  }

  /**
   * The loaded build is the publish's record: a retry (or the next start)
   * compares it with what was last distributed, so nothing is lost while the
   * database is locked or failing. A retry covers every topic.
   */
  #retryLater(failure: StoreError): void {
    if (this.#stopped) return;
    const why = failure.fault === 'busy' ? 'the database is locked by another process' : failure.message;
    this.#deps.log(`hub: publish failed (${why}); retrying in ${this.#retryInMs / 1000} s`);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.publish([]), this.#retryInMs);
    this.#retryTimer.unref();
    this.#retryInMs = Math.min(RETRY_MAX_MS, this.#retryInMs * 2);
  }

  async #run(topics: Set<string>): Promise<PublishReport> {
    const { store, site, log } = this.#deps;
    const report: PublishReport = { changed: [] };
    const base = site.base;
    const moved = await retrying(() => store.siteMove(base, TOPIC_PATHS), PUBLISH_WITHIN_MS);
    if (moved && moved.from !== undefined) {
      report.moved = { from: moved.from, to: base, subscriptions: moved.subscriptions };
      log(`hub: the site moved from ${moved.from} to ${base}: ${moved.subscriptions} subscriptions now follow the new topic URLs`);
    }
    const snapshot = this.#deps.artifacts.current.site;
    const now = Date.now();
    for (const topic of site.topics) {
      if (topics.size > 0 && !topics.has(topic.url)) continue;
      const file = snapshot.get(topic.path);
      if (!file) continue;
      const contentType = file.headers['content-type'] ?? 'application/octet-stream';
      // The hash the snapshot computed for the ETag: a publish hashes nothing again.
      const distribute = { url: topic.url, contentType, body: file.bytes(), hash: file.sha256 };
      const result = await retrying(() => store.topicDistribute(distribute, now), PUBLISH_WITHIN_MS);
      if (result.changed) report.changed.push({ topic: topic.url, queued: result.queued });
    }
    if (report.changed.length > 0) log(`hub: published ${report.changed.map((c) => `${c.topic} (${c.queued} subscribers)`).join(', ')}`);
    // Even when nothing changed here: another hub node may have recorded this build's changes a moment ago
    // (every machine tells its own hub), and this node's dispatcher may sleep until its next known item.
    this.#deps.onQueued();
    return report;
  }
}
