import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database, { type Database as Db, type RunResult } from 'better-sqlite3';
import { afterFailure } from '../../../../src/lib/hub/retry.ts';
import { leaseExpiry } from '../../../../src/lib/hub/lease.ts';
import { isBusy, StoreError, storeError } from '../errors.ts';
import { BUSY_TIMEOUT_MS } from '../retrying.ts';
import { claimWindow, type DeliveryFairness, type HubStore } from '../store.ts';
import { migrate } from './migrate.ts';
import { prepare } from './statements.ts';
import { toSubscription, toVerification, type DeliveryRow, type SubscriptionRow, type TopicRow, type VerificationRow } from '../rows.ts';
import type {
  Subscription,
  ClaimedDelivery,
  DeliveryOutcome,
  PendingVerification,
  RemovedSubscription,
  StoredTopic,
  VerificationRequest,
} from '../types.ts';

/** How long an open tries again while another connection holds the file's lock (a caller may keep trying: hub.ts). */
const OPEN_BUSY_WITHIN_MS = 5_000;

/**
 * Every use of SQLite by the hub (thylacine/websub-hub's src/db/sqlite is the
 * model): WAL and foreign keys on open, versioned migrations, each statement
 * prepared once, every write checked for the rows it changed, multi-step work
 * in one transaction, and claim columns on queued work, so two workers on one
 * file never run the same verification or delivery at once.
 */
export class SqliteHubStore implements HubStore {
  readonly engine = 'sqlite';
  readonly #db: Db;
  readonly #sql: ReturnType<typeof prepare>;

  private constructor(db: Db) {
    this.#db = db;
    this.#sql = prepare(db);
  }

  /**
   * Opens (creating it and its folder if needed), checks and migrates the
   * file; `':memory:'` for tests. Throws a `StoreError` saying what is wrong:
   * a folder that cannot be created, a file that is not a database or fails
   * the integrity check, a database this process cannot write, or `busy`
   * when another connection held the lock for all of `busyWithinMs`. A write
   * lock held elsewhere after the open is no fault: reads go on, writes retry.
   */
  static async open(path: string, busyWithinMs = OPEN_BUSY_WITHIN_MS): Promise<SqliteHubStore> {
    if (path !== ':memory:') ensureFolder(dirname(resolve(path)));
    // Two workers starting on a new file can meet where SQLite returns SQLITE_BUSY without calling its
    // busy handler (one upgrading a read to a write while the other holds the write lock, as switching
    // to WAL does), and another process may hold the lock for long: the whole open is tried again, with
    // timers between tries, so the server (which listens before the hub opens) answers meanwhile.
    const deadline = Date.now() + busyWithinMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return SqliteHubStore.#openOnce(path);
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        await sleep(Math.min(10 * attempt, 100) * (0.5 + Math.random()));
      }
    }
  }

  static #openOnce(path: string): SqliteHubStore {
    let db: Db | undefined;
    try {
      db = new Database(path);
      // A lock held elsewhere fails a statement at once: open() waits between tries without blocking.
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.pragma('journal_mode = WAL');
      // Bookkeeping (claims, outcomes) commits without a disk flush: WAL keeps it safe from a killed process, and
      // what a power cut could take back (a claim, an acknowledgement) only means a delivery is sent again.
      // Promises the hub makes to others are flushed at commit: see #durable.
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      // Every page of every table and index read once: a damaged file is refused at start, not found by a publish.
      const check = String(db.pragma('quick_check', { simple: true }));
      if (check !== 'ok') throw new StoreError('damaged', `fails the integrity check (${check.split('\n')[0]})`);
      migrate(db);
      const store = new SqliteHubStore(db);
      store.#checkWritable();
      return store;
    } catch (error) {
      db?.close();
      throw storeError(error);
    }
  }

  /** A real write at open: a read-only file (or folder, for the WAL files) opens and reads fine, then fails every subscribe. */
  #checkWritable(): void {
    try {
      expectChanges(this.#sql.metaSet.run({ key: 'opened_at', value: new Date().toISOString() }), 1, 'write check');
    } catch (error) {
      const failure = storeError(error);
      // Another connection holding the write lock says nothing about this one's rights: writes will retry.
      if (failure.fault !== 'busy') throw failure;
    }
  }

  async close(): Promise<void> {
    this.#db.close();
  }

  /**
   * Runs a write transaction whose commit reaches the disk before it returns
   * (`synchronous = FULL` for this commit only): a queued verification after
   * its 202, an activated or removed subscription, a distributed change.
   * Even a power cut then loses none of them.
   */
  #durable<T>(work: () => T): T {
    this.#db.pragma('synchronous = FULL');
    try {
      return this.#db.transaction(work).immediate();
    } finally {
      this.#db.pragma('synchronous = NORMAL');
    }
  }

  // Verifications

  /** Queues a verification, replacing any pending one for the same pair, claimed by `worker` (which runs it after its 202). */
  async verificationRequest(request: VerificationRequest, worker: string, claimedUntil: number): Promise<PendingVerification> {
    return this.#durable(() => {
      this.#sql.verificationDeletePair.run(request);
      const row = this.#sql.verificationInsert.get({ ...request, worker, claimedUntil }) as VerificationRow;
      return toVerification(row);
    });
  }

  /** Whether a subscribe or unsubscribe of this pair still waits for its verification. */
  async verificationPending(topic: string, callback: string): Promise<boolean> {
    return this.#sql.verificationGetByPair.get({ topic_url: topic, callback }) !== undefined;
  }

  /** Claims up to `limit` verifications nobody holds (queued by a worker that died, say). */
  async verificationClaim(worker: string, now: number, claimedUntil: number, limit: number): Promise<PendingVerification[]> {
    return this.#db
      .transaction(() => {
        const rows = this.#sql.verificationFree.all({ now, limit }) as VerificationRow[];
        for (const row of rows)
          expectChanges(this.#sql.verificationTake.run({ id: row.id, worker, now, claimedUntil }), 1, 'verification claim');
        return rows.map(toVerification);
      })
      .immediate();
  }

  /** Drops a verification that failed; false when it was no longer this worker's (replaced meanwhile). */
  async verificationDrop(id: number, worker: string): Promise<boolean> {
    return oneOrNone(this.#sql.verificationDeleteOwned.run({ id, worker }), 'verification drop');
  }

  /**
   * A verified subscribe: creates the subscription, or renews it (secret and
   * lease replaced, its pending delivery kept, so a renewal never doubles a
   * notification). `host_full` when a new subscription would pass the cap.
   */
  async subscriptionActivate(
    id: number,
    worker: string,
    verifiedAt: number,
    maxPerHost: number,
  ): Promise<'activated' | 'renewed' | 'stale' | 'host_full'> {
    return this.#durable(() => {
      const row = this.#sql.verificationGetOwned.get({ id, worker }) as VerificationRow | undefined;
      if (!row) return 'stale';
      expectChanges(this.#sql.verificationDeleteOwned.run({ id, worker }), 1, 'verification finish');
      const existing = this.#sql.subscriptionGetByPair.get(row) as SubscriptionRow | undefined;
      if (!existing) {
        const { count } = this.#sql.subscriptionCountByHost.get({ host: row.callback_host, now: verifiedAt }) as { count: number };
        if (count >= maxPerHost) return 'host_full';
      }
      const expiresAt = leaseExpiry(verifiedAt, row.lease_seconds);
      expectChanges(this.#sql.subscriptionUpsert.run({ ...row, verifiedAt, expiresAt }), 1, 'subscription upsert');
      return existing ? 'renewed' : 'activated';
    });
  }

  /** A verified unsubscribe: the subscription (and its pending delivery) goes. */
  async subscriptionRemoveVerified(id: number, worker: string): Promise<'removed' | 'absent' | 'stale'> {
    return this.#durable(() => {
      const row = this.#sql.verificationGetOwned.get({ id, worker }) as VerificationRow | undefined;
      if (!row) return 'stale';
      expectChanges(this.#sql.verificationDeleteOwned.run({ id, worker }), 1, 'verification finish');
      return oneOrNone(this.#sql.subscriptionDeleteByPair.run(row), 'unsubscribe') ? 'removed' : 'absent';
    });
  }

  // Subscriptions

  async subscriptionGet(topic: string, callback: string): Promise<Subscription | undefined> {
    const row = this.#sql.subscriptionGetByPair.get({ topic_url: topic, callback }) as SubscriptionRow | undefined;
    return row && toSubscription(row);
  }

  /** Active subscriptions of a callback host (the cap counts these). */
  async subscriptionCountByHost(host: string, now: number): Promise<number> {
    return (this.#sql.subscriptionCountByHost.get({ host, now }) as { count: number }).count;
  }

  /** Every subscription, expired ones included until swept (tests and operators). */
  async subscriptionList(): Promise<Subscription[]> {
    return (this.#sql.subscriptionAll.all() as SubscriptionRow[]).map(toSubscription);
  }

  /** Removes subscriptions whose lease has run out (their pending deliveries go with them). */
  async subscriptionsExpire(now: number): Promise<number> {
    return this.#sql.subscriptionDeleteExpired.run({ now }).changes;
  }

  // Topics

  async topicGet(url: string): Promise<StoredTopic | undefined> {
    const row = this.#sql.topicGet.get({ url }) as TopicRow | undefined;
    return row && { url: row.url, contentType: row.content_type, body: row.body, hash: row.hash, version: row.version };
  }

  /**
   * Records a topic's new content and queues it for every active subscriber,
   * in one transaction: a crash leaves either the old hash and no queue, or
   * the new hash and the whole queue. A subscriber still waiting for an older
   * change gets this one instead. Unchanged bytes queue nothing.
   */
  async topicDistribute(
    topic: { url: string; contentType: string; body: Uint8Array; hash: string },
    now: number,
  ): Promise<{ changed: false } | { changed: true; version: number; queued: number }> {
    return this.#durable(() => {
      const existing = this.#sql.topicVersion.get({ url: topic.url }) as Pick<TopicRow, 'hash' | 'version'> | undefined;
      if (existing?.hash === topic.hash) return { changed: false as const };
      const version = (existing?.version ?? 0) + 1;
      expectChanges(this.#sql.topicUpsert.run({ ...topic, body: Buffer.from(topic.body), version, now }), 1, 'topic upsert');
      const queued = this.#sql.deliveryQueueTopic.run({ url: topic.url, version, now }).changes;
      return { changed: true as const, version, queued };
    });
  }

  // The site

  /**
   * Moves the hub to the site a publish found in the build (a deploy with
   * another `SITE_URL`): every subscription, pending verification and stored
   * topic under one of `paths` takes the new site's URL for that path, in one
   * transaction, so no subscriber is left on a topic that no longer exists
   * and the next change reaches each one at its new topic. Undefined when
   * `site` is the one the hub last knew.
   */
  async siteMove(site: string, paths: readonly string[]): Promise<{ from: string | undefined; subscriptions: number } | undefined> {
    return this.#durable(() => {
      const known = this.#sql.metaGet.get({ key: 'site' }) as { value: string } | undefined;
      if (known?.value === site) return undefined;
      let subscriptions = 0;
      for (const path of paths) {
        const where = { url: site + path, path };
        this.#sql.subscriptionDeleteShadowed.run(where);
        subscriptions += this.#sql.subscriptionMove.run(where).changes;
        this.#sql.verificationDeleteShadowed.run(where);
        this.#sql.verificationMove.run(where);
        this.#sql.topicDeleteShadowed.run(where);
        this.#sql.topicMove.run(where);
      }
      this.#sql.deliveryVersionsAlign.run();
      expectChanges(this.#sql.metaSet.run({ key: 'site', value: site }), 1, 'site');
      return { from: known?.value, subscriptions };
    });
  }

  // Deliveries

  async deliveryClaim(
    worker: string,
    now: number,
    claimedUntil: number,
    limit: number,
    fairness: DeliveryFairness,
  ): Promise<ClaimedDelivery[]> {
    return this.#db
      .transaction(() => {
        const rows = this.#sql.deliveryDue.all({ now, limit, window: claimWindow(limit), ...fairness }) as DeliveryRow[];
        for (const row of rows)
          expectChanges(this.#sql.deliveryTake.run({ id: row.subscription_id, worker, now, claimedUntil }), 1, 'delivery claim');
        return rows.map((r) => ({
          subscriptionId: r.subscription_id,
          version: r.topic_version,
          topic: r.topic_url,
          callback: r.callback,
          secret: r.secret,
        }));
      })
      .immediate();
  }

  /**
   * Records a batch of finished attempts in one transaction (one disk flush
   * for many acknowledgements). Returns the subscriptions removed: 410, or
   * the last of `MAX_CONSECUTIVE_FAILURES` failures in a row.
   */
  async deliveryRecord(
    outcomes: readonly DeliveryOutcome[],
    worker: string,
    now: number,
    retryDelaysMs: readonly number[],
  ): Promise<RemovedSubscription[]> {
    return this.#db
      .transaction(() => {
        const removed: RemovedSubscription[] = [];
        for (const outcome of outcomes) {
          const id = outcome.subscriptionId;
          const sub = this.#sql.subscriptionGetById.get({ id }) as SubscriptionRow | undefined;
          // Unsubscribed or expired while the attempt ran, or the claim ran out and another worker holds the item: its outcome counts, not this one.
          if (!sub || !this.#sql.deliveryOwned.get({ id, worker })) continue;
          if (outcome.kind === 'delivered') {
            oneOrNone(this.#sql.subscriptionResetFailures.run({ id }), 'failure reset');
            // A newer change queued meanwhile keeps the row (now unclaimed) for the next attempt.
            if (!oneOrNone(this.#sql.deliveryDeleteDone.run({ id, worker, version: outcome.version }), 'delivery done')) {
              oneOrNone(this.#sql.deliveryRelease.run({ id, worker, dueAt: now }), 'delivery release');
            }
          } else if (outcome.kind === 'gone') {
            expectChanges(this.#sql.subscriptionDeleteById.run({ id }), 1, 'subscription removal');
            removed.push({ ...toSubscription(sub), reason: outcome.reason, cause: 'gone' });
          } else {
            const failures = sub.failures + 1;
            const next = afterFailure(failures, retryDelaysMs);
            if (next.remove) {
              expectChanges(this.#sql.subscriptionDeleteById.run({ id }), 1, 'subscription removal');
              removed.push({ ...toSubscription(sub), reason: outcome.reason, cause: 'failed' });
            } else {
              expectChanges(this.#sql.subscriptionSetFailures.run({ id, failures }), 1, 'failure count');
              oneOrNone(this.#sql.deliveryRelease.run({ id, worker, dueAt: now + next.retryInMs }), 'delivery retry');
            }
          }
        }
        return removed;
      })
      .immediate();
  }

  /** When the next delivery or verification could be claimed (due, or a claim running out), or undefined if none waits. */
  async workNextAt(): Promise<number | undefined> {
    const { at } = this.#sql.workNextAt.get() as { at: number | null };
    return at ?? undefined;
  }

  /** Deliveries still queued (for tests, the bench and the start-up log). */
  async deliveryCount(): Promise<number> {
    return (this.#sql.deliveryCount.get() as { count: number }).count;
  }
}

function expectChanges(result: RunResult, expected: number, what: string): void {
  if (result.changes !== expected) throw new StoreError('bug', `${what}: expected ${expected} row(s) changed, got ${result.changes}`);
}

/** A write that may legitimately find nothing to change (the row went meanwhile); more than one row is a bug. */
function oneOrNone(result: RunResult, what: string): boolean {
  if (result.changes > 1) throw new StoreError('bug', `${what}: expected at most 1 row changed, got ${result.changes}`);
  return result.changes === 1;
}

/**
 * Creates the database's folder one level at a time. Node's recursive
 * `mkdir` loops without end on a path that cannot exist (`/proc/nope/…`);
 * this fails at once, naming the folder.
 */
function ensureFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      throw new StoreError('unreachable', `${at} is not a folder`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw storeError(error);
      missing.push(at);
      if (dirname(at) === at) break;
    }
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      const failure = storeError(error);
      throw new StoreError(failure.fault, `cannot create the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? failure.message})`);
    }
  }
}
