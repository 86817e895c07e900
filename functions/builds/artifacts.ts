import { PATHS } from '../../src/lib/endpoints.ts';
import { createReviewIndex } from '../../src/lib/search/index.ts';
import { snapshotInsights, type InsightsSnapshot } from '../../src/lib/answers/insights-snapshot.ts';
import { InsightsSchema } from '../../src/schemas/insights.ts';
import { ReviewsDatasetSchema, type ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { collectGarbageNow } from '../http/node-workarounds.ts';
import { StaticSite } from '../static/static-site.ts';
import { ReadModel } from './read-model.ts';

/**
 * One consistent snapshot of the build output: the static files and the
 * indexes the dynamic endpoints answer from. Built whole, then swapped in
 * whole, so no request ever sees half of an old build and half of a new one.
 */
export interface Artifacts {
  site: StaticSite;
  /** The reviews as search, since and the MCP tools read them, with this build's caches. */
  read: ReadModel;
  /** `/reviews.json` without its reviews (those live in `read`, as bytes). */
  dataset: Pick<ReviewsDataset, 'business' | 'aggregate_rating'>;
  /**
   * `/insights.json`, validated once per snapshot, on first use (the MCP tools
   * answer from it): parsing and validating it at every load raised the
   * resident memory of a server with 10,000 reviews by 16 MB, past the read
   * path's bound, for processes that may never serve MCP. Throws when the
   * file is missing or invalid.
   */
  readonly insights: InsightsSnapshot;
}

export class ArtifactsError extends Error {
  override name = 'ArtifactsError';
}

export async function loadArtifacts(clientDir: string, previous?: Artifacts): Promise<Artifacts> {
  // The index answers from the very bytes of /reviews.json: they are held whatever their size.
  const site = new StaticSite(clientDir, previous?.site, [PATHS.reviews]);
  await site.load();
  const file = site.get(PATHS.reviews);
  if (!file) throw new ArtifactsError(`${clientDir}${PATHS.reviews} is missing: run the build first`);
  const body = file.bytes();
  const parsed = ReviewsDatasetSchema.safeParse(JSON.parse(body.toString('utf8')));
  if (!parsed.success) {
    throw new ArtifactsError(`${clientDir}${PATHS.reviews} is not a valid reviews dataset: ${parsed.error.message}`);
  }
  const { business, aggregate_rating } = parsed.data;
  let insights: InsightsSnapshot | undefined;
  return {
    site,
    read: new ReadModel(createReviewIndex(parsed.data, body), file),
    dataset: { business, aggregate_rating },
    get insights() {
      insights ??= loadInsights(site, clientDir);
      return insights;
    },
  };
}

function loadInsights(site: StaticSite, clientDir: string): InsightsSnapshot {
  const file = site.get(PATHS.insights);
  if (!file) throw new ArtifactsError(`${clientDir}${PATHS.insights} is missing: run the build first`);
  const parsed = InsightsSchema.safeParse(JSON.parse(file.bytes().toString('utf8')));
  if (!parsed.success) {
    throw new ArtifactsError(`${clientDir}${PATHS.insights} is not a valid insights dataset: ${parsed.error.message}`);
  }
  return snapshotInsights(parsed.data);
}

/** A reload that failed kept the last good snapshot. */
export type ReloadResult = { ok: true } | { ok: false; error: Error };

/**
 * Holds the current snapshot. A reload that fails (missing or invalid files)
 * keeps serving the last good one and reports why.
 */
export class ArtifactsHolder {
  #current: Artifacts;
  readonly clientDir: string;

  constructor(clientDir: string, initial: Artifacts) {
    this.clientDir = clientDir;
    this.#current = initial;
  }

  static async open(clientDir: string): Promise<ArtifactsHolder> {
    const holder = new ArtifactsHolder(clientDir, await loadArtifacts(clientDir));
    collectGarbageNow();
    return holder;
  }

  get current(): Artifacts {
    return this.#current;
  }

  /**
   * Reloads run one after another: two overlapping ones could otherwise finish
   * out of order, the older files winning and Last-Modified going backwards.
   * Those asked for while one runs share one more run, which starts after it
   * and so reads whatever the last of them meant (a burst of publishes costs
   * two loads, not one each).
   */
  reload(): Promise<ReloadResult> {
    if (this.#next) return this.#next;
    if (!this.#running) return this.#run();
    this.#next = this.#running.then(() => {
      this.#next = undefined;
      return this.#run();
    });
    return this.#next;
  }

  #running: Promise<ReloadResult> | undefined;
  #next: Promise<ReloadResult> | undefined;

  #run(): Promise<ReloadResult> {
    const run = this.#reloadNow().finally(() => {
      if (this.#running === run) this.#running = undefined;
    });
    this.#running = run;
    return run;
  }

  async #reloadNow(): Promise<ReloadResult> {
    try {
      this.#current = await loadArtifacts(this.clientDir, this.#current);
      collectGarbageNow();
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error as Error };
    }
  }
}
