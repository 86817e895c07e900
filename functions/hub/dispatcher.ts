import { callbackWith } from '../../src/lib/hub/hub-request.ts';
import { notificationHeaders } from '../../src/lib/hub/notification.ts';
import { isGone, isSuccess } from '../../src/lib/hub/retry.ts';
import type { HubSite } from './hub-site.ts';
import {
  isBusy,
  storeError,
  type ClaimedDelivery,
  type DeliveryFairness,
  type DeliveryOutcome,
  type PendingVerification,
  type StoredTopic,
} from './store/index.ts';
import { verifyIntent, type VerifyDeps } from './verify.ts';

export interface DispatcherDeps extends Omit<VerifyDeps, 'deny'> {
  /** Where the hub's own URL comes from (the `Link` header): a publish may move the site. */
  site: Pick<HubSite, 'hubUrl'>;
}

/** The longest a turn sleeps when nothing is due: a bound on how late an expiry sweep or another worker's dead claim is noticed. */
const MAX_SLEEP_MS = 30_000;
/** Expired subscriptions are swept at most this often (claims skip them anyway, so they are never notified meanwhile). */
const SWEEP_EVERY_MS = 1_000;
/**
 * Finished attempts wait this long for others before their outcomes are
 * written: every write transaction is a disk flush, and a fan-out's
 * acknowledgements arrive one by one.
 */
const RECORD_AFTER_MS = 5;
/** A turn or a record that met a lock held elsewhere tries again this soon (a try that meets it fails at once). */
const BUSY_RETRY_MS = 100;
/** After any other failure of the database. */
const FAILED_RETRY_MS = 1_000;
/** Work is due but its hosts are at their cap and nothing runs here: look again this soon (another node's attempts end). */
const CAPPED_RETRY_MS = 1_000;

/**
 * Each callback host's share of the slots (docs/hub.md): an eighth of them
 * at most (4 of the default 32), one for a host with a failing subscription,
 * so hosts that answer slowly or not at all hold a few slots, never all.
 */
export function deliveryFairness(concurrency: number): DeliveryFairness {
  return { perHost: Math.max(1, Math.floor(concurrency / 8)), perFailingHost: 1 };
}

/**
 * Runs the hub's outgoing work: verifications and deliveries claimed from
 * the store, at most `deliveryConcurrency` requests in flight. Outcomes are
 * written back in batches, one transaction per event-loop turn, so a
 * fan-out of a thousand acknowledgements costs a handful of disk flushes.
 */
export class Dispatcher {
  readonly #deps: DispatcherDeps;
  readonly #now: () => number;
  /** A claim outlives the attempt it covers (timeout) with room to record the outcome. */
  readonly #claimMs: number;
  #inFlight = 0;
  readonly #verifying = new Set<number>();
  /** Verifications this worker holds that wait for a free slot (their rows stay claimed; a crash frees them when the claim runs out). */
  #waiting: PendingVerification[] = [];
  #outcomes: DeliveryOutcome[] = [];
  #flushing: NodeJS.Timeout | undefined;
  #sweptAt = 0;
  /** Claim when at least this many slots are free (or none is busy): one transaction per batch, not per finished attempt. */
  readonly #batch: number;
  readonly #fairness: DeliveryFairness;
  #turnTimer: NodeJS.Timeout | undefined;
  #turnSoon: NodeJS.Immediate | undefined;
  /** A turn waits on the database: a kick meanwhile runs one more when it ends, never two at once. */
  #turning = false;
  #turnAgain = false;
  /** Outcomes being written (one batch at a time). */
  #flushRunning: Promise<void> | undefined;
  #stopped = false;
  #idle: (() => void) | undefined;
  /** The last content read per topic: a fan-out reads each body from the database once. */
  readonly #topics = new Map<string, StoredTopic>();

  constructor(deps: DispatcherDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#claimMs = 2 * deps.config.deliveryTimeoutMs + 1_000;
    this.#batch = Math.max(1, Math.floor(deps.config.deliveryConcurrency / 4));
    this.#fairness = deliveryFairness(deps.config.deliveryConcurrency);
  }

  get claimMs(): number {
    return this.#claimMs;
  }

  /** Looks for work now (after a publish, a subscribe, a finished attempt). */
  kick(): void {
    if (this.#stopped || this.#turnSoon) return;
    this.#turnSoon = setImmediate(() => {
      this.#turnSoon = undefined;
      void this.#turn();
    });
  }

  /** Runs a verification this worker queued (and holds), after its 202 has gone out; it waits its turn when every slot is busy. */
  verify(verification: PendingVerification): void {
    if (this.#stopped || this.#verifying.has(verification.id)) return;
    if (this.#inFlight >= this.#deps.config.deliveryConcurrency) {
      this.#waiting.push(verification);
      return;
    }
    this.#verifying.add(verification.id);
    this.#inFlight += 1;
    verifyIntent(verification, { ...this.#deps, deny: (callback, topic, reason) => this.deny(callback, topic, reason) })
      .catch((error: unknown) => this.#deps.log(`hub: verification of ${verification.callback} failed: ${String(error)}`))
      .finally(() => {
        this.#verifying.delete(verification.id);
        this.#done();
      });
  }

  /** Stops claiming work, lets attempts in flight end (each within its timeout) and records their outcomes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#turnTimer);
    if (this.#turnSoon) clearImmediate(this.#turnSoon);
    if (this.#inFlight > 0) await new Promise<void>((resolve) => (this.#idle = resolve));
    clearTimeout(this.#flushing);
    await this.#flushRunning;
    await this.#flush();
  }

  async #turn(): Promise<void> {
    if (this.#stopped) return;
    if (this.#turning) {
      this.#turnAgain = true;
      return;
    }
    this.#turning = true;
    clearTimeout(this.#turnTimer);
    try {
      await this.#claimAndRun();
    } catch (error) {
      // Another worker or process holds the lock, or the database failed: try again shortly rather than stop.
      const failure = storeError(error);
      if (!isBusy(failure)) this.#deps.log(`hub: could not look for work: ${failure.message}`);
      this.#later(isBusy(failure) ? BUSY_RETRY_MS : FAILED_RETRY_MS);
    } finally {
      this.#turning = false;
      if (this.#turnAgain) {
        this.#turnAgain = false;
        this.kick();
      }
    }
  }

  #later(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#turnTimer);
    this.#turnTimer = setTimeout(() => void this.#turn(), ms);
    this.#turnTimer.unref();
  }

  async #claimAndRun(): Promise<void> {
    const { store, worker, config } = this.#deps;
    const now = this.#now();
    while (this.#waiting.length > 0 && this.#inFlight < config.deliveryConcurrency)
      this.verify(this.#waiting.shift() as PendingVerification);
    if (now - this.#sweptAt >= SWEEP_EVERY_MS) {
      await store.subscriptionsExpire(now);
      this.#sweptAt = now;
    }
    let room = config.deliveryConcurrency - this.#inFlight;
    // A few free slots while many attempts run: wait for more to finish and claim them together.
    if (room < this.#batch && this.#inFlight > 0) return;
    let claimed = 0;
    if (room > 0) {
      for (const v of await store.verificationClaim(worker, now, now + this.#claimMs, room)) this.verify(v);
      room = config.deliveryConcurrency - this.#inFlight;
    }
    if (room > 0) {
      const deliveries = await store.deliveryClaim(worker, now, now + this.#claimMs, room, this.#fairness);
      for (const delivery of deliveries) await this.#deliver(delivery);
      claimed = deliveries.length;
    }
    // Full: the next finished attempt kicks a turn. Otherwise sleep until the next item falls due.
    if (this.#inFlight < config.deliveryConcurrency) {
      const next = await store.workNextAt();
      let wait = next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(10, next - now));
      // Work is due but every host that has it is at its cap: a finished attempt kicks a turn, and another node's
      // attempts (or a claim running out) are looked at again within a second.
      if (next !== undefined && next <= now && claimed === 0) wait = this.#inFlight > 0 ? MAX_SLEEP_MS : CAPPED_RETRY_MS;
      this.#later(wait);
    }
  }

  async #deliver(delivery: ClaimedDelivery): Promise<void> {
    this.#inFlight += 1;
    let topic: StoredTopic;
    try {
      topic = await this.#topic(delivery.topic, delivery.version);
    } catch (error) {
      // The claim runs out and the delivery is tried again (by this node or another).
      this.#deps.log(`hub: delivery to ${delivery.callback} failed: ${storeError(error).message}`);
      this.#done();
      return;
    }
    this.#attempt(delivery, topic)
      .then((outcome) => this.#record(outcome))
      .catch((error: unknown) => this.#deps.log(`hub: delivery to ${delivery.callback} failed: ${String(error)}`))
      .finally(() => this.#done());
  }

  async #attempt(delivery: ClaimedDelivery, topic: StoredTopic): Promise<DeliveryOutcome> {
    const subscriptionId = delivery.subscriptionId;
    try {
      const response = await this.#deps.client.send({
        method: 'POST',
        url: delivery.callback,
        headers: notificationHeaders(topic, this.#deps.site.hubUrl, delivery.secret),
        body: topic.body,
        maxBodyBytes: 0,
      });
      // The version sent, which may be newer than the one claimed: its acknowledgement then settles the newer change too.
      if (isSuccess(response.status)) return { kind: 'delivered', subscriptionId, version: topic.version };
      if (isGone(response.status)) return { kind: 'gone', subscriptionId, reason: 'the callback answered 410 Gone' };
      return { kind: 'failed', subscriptionId, reason: `the callback answered ${response.status}` };
    } catch (error) {
      return { kind: 'failed', subscriptionId, reason: describe(error) };
    }
  }

  async #topic(url: string, version: number): Promise<StoredTopic> {
    const cached = this.#topics.get(url);
    if (cached && cached.version >= version) return cached;
    const stored = await this.#deps.store.topicGet(url);
    if (!stored) throw new Error(`a delivery for ${url} is queued but the topic has no stored content`);
    this.#topics.set(url, stored);
    return stored;
  }

  #record(outcome: DeliveryOutcome): void {
    this.#outcomes.push(outcome);
    this.#scheduleFlush(RECORD_AFTER_MS);
  }

  #scheduleFlush(ms: number): void {
    this.#flushing ??= setTimeout(() => {
      this.#flushing = undefined;
      // One batch at a time: a batch that ends while outcomes wait schedules the next.
      if (this.#flushRunning) return;
      this.#flushRunning = this.#flush().finally(() => {
        this.#flushRunning = undefined;
        if (this.#outcomes.length > 0 && !this.#stopped) this.#scheduleFlush(RECORD_AFTER_MS);
        this.kick();
      });
    }, ms);
  }

  async #flush(): Promise<void> {
    if (this.#outcomes.length === 0) return;
    const outcomes = this.#outcomes;
    this.#outcomes = [];
    const { store, worker, config, log } = this.#deps;
    let removed;
    try {
      removed = await store.deliveryRecord(outcomes, worker, this.#now(), config.retryDelaysMs);
    } catch (error) {
      const failure = storeError(error);
      // Kept and written at the next try (a stop writes what it can); while they wait, their rows stay claimed by
      // this worker. Were the claims to run out first, the deliveries go again: at least once.
      this.#outcomes = outcomes.concat(this.#outcomes);
      if (!isBusy(failure)) log(`hub: could not record ${outcomes.length} delivery outcomes: ${failure.message}`);
      if (!this.#stopped) this.#scheduleFlush(isBusy(failure) ? BUSY_RETRY_MS : FAILED_RETRY_MS);
      return;
    }
    for (const sub of removed) {
      log(`hub: removed the subscription of ${sub.callback} to ${sub.topic}: ${sub.reason}`);
      // 410 says nobody is there; after repeated failures, tell the subscriber why it stops hearing from us.
      if (sub.cause === 'failed') this.deny(sub.callback, sub.topic, `${sub.reason}, ${sub.failures + 1} failed deliveries in a row`);
    }
  }

  /** Best effort (WebSub 5.2): `hub.mode=denied`, answer ignored, never retried. */
  deny(callback: string, topic: string, reason: string): void {
    const url = callbackWith(callback, { 'hub.mode': 'denied', 'hub.topic': topic, 'hub.reason': reason });
    this.#deps.client.send({ method: 'GET', url, maxBodyBytes: 0 }).catch(() => {});
  }

  #done(): void {
    this.#inFlight -= 1;
    if (this.#stopped) {
      if (this.#inFlight === 0) this.#idle?.();
      return;
    }
    this.kick();
  }
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}${cause}`;
}
