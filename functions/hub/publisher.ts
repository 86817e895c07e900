import type { ArtifactsHolder } from '../artifacts.ts';
import type { HubStore } from './store/index.ts';

/** A topic URL and the built file that is its content. */
export interface TopicSource {
  url: string;
  path: string;
}

export interface PublishReport {
  /** Topics whose bytes changed, with the subscribers they were queued for. */
  changed: { topic: string; queued: number }[];
  /** The publish failed (the database, say); nothing was queued. */
  error?: string;
}

/**
 * Publishing (contract section 4): queue each topic whose bytes in the
 * current snapshot differ from what was last distributed. Bringing the new
 * build into the read endpoints (of every worker) is the service's reload,
 * which runs before it (functions/service.ts). Publishes that arrive while
 * one runs collapse into at most one more, which covers every topic any of
 * them named.
 */
export class Publisher {
  readonly #artifacts: Pick<ArtifactsHolder, 'current'>;
  readonly #store: HubStore;
  readonly #topics: readonly TopicSource[];
  readonly #queued: () => void;
  readonly #log: (message: string) => void;
  #running: Promise<PublishReport> | undefined;
  /** Topics asked for while a run was going (undefined: none; empty: every topic). */
  #next: Set<string> | undefined;
  #nextRun: Promise<PublishReport> | undefined;

  constructor(deps: {
    artifacts: Pick<ArtifactsHolder, 'current'>;
    store: HubStore;
    topics: readonly TopicSource[];
    onQueued: () => void;
    log: (message: string) => void;
  }) {
    this.#artifacts = deps.artifacts;
    this.#store = deps.store;
    this.#topics = deps.topics;
    this.#queued = deps.onQueued;
    this.#log = deps.log;
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

  #start(topics: Set<string>): Promise<PublishReport> {
    // A publish runs after its 202, with nobody to answer: a failure is logged and reported, never thrown.
    const run = this.#run(topics)
      .catch((error: unknown): PublishReport => {
        const message = error instanceof Error ? error.message : String(error);
        this.#log(`hub: publish failed: ${message}`);
        return { changed: [], error: message };
      })
      .finally(() => {
        if (this.#running === run) this.#running = undefined;
      });
    this.#running = run;
    return run;
  }

  async #run(topics: Set<string>): Promise<PublishReport> {
    const report: PublishReport = { changed: [] };
    const site = this.#artifacts.current.site;
    for (const topic of this.#topics) {
      if (topics.size > 0 && !topics.has(topic.url)) continue;
      const file = site.get(topic.path);
      if (!file) continue;
      const contentType = file.headers['content-type'] ?? 'application/octet-stream';
      // The hash the snapshot computed for the ETag: a publish hashes nothing again.
      const result = this.#store.topicDistribute({ url: topic.url, contentType, body: file.body, hash: file.sha256 }, Date.now());
      if (result.changed) report.changed.push({ topic: topic.url, queued: result.queued });
    }
    if (report.changed.length > 0) {
      this.#log(`hub: published ${report.changed.map((c) => `${c.topic} (${c.queued} subscribers)`).join(', ')}`);
      this.#queued();
    }
    return report;
  }
}
