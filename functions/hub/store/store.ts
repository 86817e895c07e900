import type {
  ClaimedDelivery,
  DeliveryOutcome,
  PendingVerification,
  RemovedSubscription,
  StoredTopic,
  Subscription,
  VerificationRequest,
} from './types.ts';

/**
 * How deliveries are shared out between callback hosts (docs/hub.md): at
 * most `perHost` attempts in flight to one host (counted in the database,
 * so across every node), and `perFailingHost` to a host with a subscription
 * whose last attempt failed. A host that answers slowly or not at all then
 * holds a few slots, never all of them.
 */
export interface DeliveryFairness {
  perHost: number;
  perFailingHost: number;
}

/**
 * How many of the oldest due deliveries (of hosts not at their cap) a claim
 * ranks per host: room for `limit` from many hosts, never the whole queue,
 * so a claim costs the same with 100 or 100,000 deliveries waiting.
 */
export function claimWindow(limit: number): number {
  return Math.max(64, limit * 8);
}

/**
 * The hub's state, whichever engine holds it (SQLite file or Postgres).
 * Every method is one transaction; times are epoch milliseconds. Claims:
 * a verification or delivery is held by one `worker` until `claimedUntil`,
 * after which any worker (on any node) may take it. Errors are
 * `StoreError`s (store/errors.ts); `busy` ones pass by waiting (retrying.ts).
 */
export interface HubStore {
  readonly engine: 'sqlite' | 'postgres';
  close(): Promise<void>;

  /** Queues a verification, replacing any pending one for the same pair and mode, claimed by `worker` (which runs it after its 202). */
  verificationRequest(request: VerificationRequest, worker: string, claimedUntil: number): Promise<PendingVerification>;
  /** Whether a subscribe or unsubscribe of this pair still waits for its verification. */
  verificationPending(topic: string, callback: string): Promise<boolean>;
  /** Claims up to `limit` verifications nobody holds (queued by a worker that died, say). */
  verificationClaim(worker: string, now: number, claimedUntil: number, limit: number): Promise<PendingVerification[]>;
  /** Drops a verification that failed; false when it was no longer this worker's (replaced meanwhile). */
  verificationDrop(id: number, worker: string): Promise<boolean>;
  /**
   * A verified subscribe: creates the subscription, or renews it (secret and
   * lease replaced, its pending delivery kept, so a renewal never doubles a
   * notification). `host_full` when a new subscription would pass the cap.
   */
  subscriptionActivate(
    id: number,
    worker: string,
    verifiedAt: number,
    maxPerHost: number,
  ): Promise<'activated' | 'renewed' | 'stale' | 'host_full'>;
  /** A verified unsubscribe: the subscription (and its pending delivery) goes. */
  subscriptionRemoveVerified(id: number, worker: string): Promise<'removed' | 'absent' | 'stale'>;

  subscriptionGet(topic: string, callback: string): Promise<Subscription | undefined>;
  /** Active subscriptions of a callback host (the cap counts these). */
  subscriptionCountByHost(host: string, now: number): Promise<number>;
  /** Every subscription, expired ones included until swept (tests and operators). */
  subscriptionList(): Promise<Subscription[]>;
  /** Removes subscriptions whose lease has run out (their pending deliveries go with them). */
  subscriptionsExpire(now: number): Promise<number>;

  topicGet(url: string): Promise<StoredTopic | undefined>;
  /**
   * Records a topic's new content and queues it for every active subscriber,
   * in one transaction: a crash leaves either the old hash and no queue, or
   * the new hash and the whole queue. A subscriber still waiting for an older
   * change gets this one instead. Unchanged bytes queue nothing, so every
   * node of one deployment may publish the same build: the first records it.
   */
  topicDistribute(
    topic: { url: string; contentType: string; body: Uint8Array; hash: string },
    now: number,
  ): Promise<{ changed: false } | { changed: true; version: number; queued: number }>;

  /**
   * Moves the hub to the site a publish found in the build (a deploy with
   * another `SITE_URL`): every subscription, pending verification and stored
   * topic under one of `paths` takes the new site's URL for that path, in one
   * transaction. Undefined when `site` is the one the hub last knew.
   */
  siteMove(site: string, paths: readonly string[]): Promise<{ from: string | undefined; subscriptions: number } | undefined>;

  /**
   * Claims up to `limit` deliveries that are due, unclaimed (or whose claim
   * ran out) and whose subscription is still active, oldest first within the
   * room `fairness` leaves each callback host.
   */
  deliveryClaim(worker: string, now: number, claimedUntil: number, limit: number, fairness: DeliveryFairness): Promise<ClaimedDelivery[]>;
  /**
   * Records a batch of finished attempts in one transaction. Returns the
   * subscriptions removed: 410, or the last of too many failures in a row.
   */
  deliveryRecord(
    outcomes: readonly DeliveryOutcome[],
    worker: string,
    now: number,
    retryDelaysMs: readonly number[],
  ): Promise<RemovedSubscription[]>;
  /** When the next delivery or verification could be claimed (due, or a claim running out), or undefined if none waits. */
  workNextAt(): Promise<number | undefined>;
  /** Deliveries still queued (for tests, the bench and the start-up log). */
  deliveryCount(): Promise<number>;
  /**
   * A store shared by several hub nodes counts rate-limited requests itself:
   * one more request under `key` in the one-minute window `minute`, and the
   * window's count so far. Absent on the SQLite file, whose processes share
   * one machine and count in memory.
   */
  rateCount?(key: string, minute: number): Promise<number>;
}
