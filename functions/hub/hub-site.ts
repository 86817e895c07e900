import { PATHS } from '../../src/lib/endpoints.ts';

/** A topic URL and the built file that is its content. */
export interface TopicSource {
  url: string;
  path: string;
}

/** The built files that are the hub's topics (docs/interface.md, "WebSub hub"). */
export const TOPIC_PATHS = [PATHS.atomFeed, PATHS.jsonFeed, PATHS.reviews] as const;

/** The three topics of docs/interface.md, "WebSub hub", as URLs under the site and the built files they are. */
export function hubTopics(site: string): TopicSource[] {
  return TOPIC_PATHS.map((path) => ({ url: site + path, path }));
}

/** Where the site of the build being served comes from, read again whenever the snapshot changes. */
export interface SiteSource {
  /** The snapshot being served: a new object after each reload. */
  snapshot: () => object;
  /** The site the build on disk was made for (`dist/build.json`). */
  read: () => string;
}

/**
 * The public base URL the hub's topics and its own URL hang off. A deploy
 * with another `SITE_URL` changes it: every process follows the build its
 * reload brought (a cluster worker that did not take the publish too), so
 * the route, the publisher and the dispatcher read it per use.
 */
export class HubSite {
  #base: string;
  #topics: TopicSource[];
  readonly #source: SiteSource | undefined;
  #seen: object | undefined;

  constructor(base: string, source?: SiteSource) {
    this.#base = base;
    this.#topics = hubTopics(base);
    this.#source = source;
    this.#seen = source?.snapshot();
  }

  get base(): string {
    this.#follow();
    return this.#base;
  }

  get hubUrl(): string {
    return this.base + PATHS.hub;
  }

  get topics(): readonly TopicSource[] {
    this.#follow();
    return this.#topics;
  }

  #follow(): void {
    if (!this.#source) return;
    const snapshot = this.#source.snapshot();
    if (snapshot === this.#seen) return;
    this.#seen = snapshot;
    try {
      const base = this.#source.read();
      if (base === this.#base) return;
      this.#base = base;
      this.#topics = hubTopics(base);
    } catch {
      // An unreadable build.json keeps the site the hub had (the reload that brought the snapshot said what is wrong).
    }
  }
}
