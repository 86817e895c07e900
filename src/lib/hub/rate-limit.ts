export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts requests per key in fixed one-minute windows (a key may burst to
 * twice its limit across a window boundary, which is enough to stop a flood).
 * Memory is bounded: at most `maxKeys` keys of each class (the key's first
 * word: `client …`, `host …`) per window; past that, new keys of that class
 * are refused until the window turns, so a flood from many addresses cannot
 * grow the map or turn the hub into a request cannon, and callback hosts
 * made up by one client cannot lock out clients the hub has not seen yet.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  #window = -1;
  #counts = new Map<string, number>();
  #keysByClass = new Map<string, number>();

  /** `limitPerMinute` 0 turns the limiter off. */
  constructor(limitPerMinute: number, options: { maxKeys?: number; now?: () => number } = {}) {
    this.#limit = limitPerMinute;
    this.#maxKeys = options.maxKeys ?? 20_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts one request under each key; refused (and counted under none) when any key is at its limit. */
  take(...keys: string[]): RateDecision {
    if (this.#limit === 0) return { ok: true };
    const now = this.#now();
    const window = Math.floor(now / 60_000);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
      this.#keysByClass = new Map();
    }
    const retryAfterSeconds = Math.ceil(((window + 1) * 60_000 - now) / 1000);
    for (const key of keys) {
      const count = this.#counts.get(key);
      const full = (this.#keysByClass.get(classOf(key)) ?? 0) >= this.#maxKeys;
      if (count === undefined ? full : count >= this.#limit) return { ok: false, retryAfterSeconds };
    }
    for (const key of keys) {
      const count = this.#counts.get(key);
      if (count === undefined) this.#keysByClass.set(classOf(key), (this.#keysByClass.get(classOf(key)) ?? 0) + 1);
      this.#counts.set(key, (count ?? 0) + 1);
    }
    return { ok: true };
  }
}

function classOf(key: string): string {
  const space = key.indexOf(' ');
  return space < 0 ? '' : key.slice(0, space);
}
