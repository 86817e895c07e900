import { setTimeout as sleep } from 'node:timers/promises';
import pg, { type PoolClient, type QueryResultRow } from 'pg';
import { leaseExpiry } from '../../../../src/lib/hub/lease.ts';
import { afterFailure } from '../../../../src/lib/hub/retry.ts';
import { isBusy, StoreError, storeError } from '../errors.ts';
import { toSubscription, toVerification, type DeliveryRow, type SubscriptionRow, type TopicRow, type VerificationRow } from '../rows.ts';
import { claimWindow, type DeliveryFairness, type HubStore } from '../store.ts';
import type {
  ClaimedDelivery,
  DeliveryOutcome,
  PendingVerification,
  RemovedSubscription,
  StoredTopic,
  Subscription,
  VerificationRequest,
} from '../types.ts';
import { migrate } from './migrate.ts';
import { SQL } from './statements.ts';

/**
 * The pool's bounds (docs/scaling.md): a hub node needs a connection per
 * transaction in flight (a claim, a batch of outcomes, a subscription
 * request), never one per delivery; every wait is bounded, so a database
 * that stops answering fails a request with a 503 instead of holding it.
 */
const POOL = {
  max: 8,
  connectionTimeoutMillis: 3_000,
  idleTimeoutMillis: 30_000,
  // Server side: a statement or an open transaction that outlasts these is cancelled (a stuck node frees its locks).
  statement_timeout: 5_000,
  // A lock another session holds is waited for no longer than a request's whole budget on either engine
  // (REQUEST_WITHIN_MS, PUBLISH_WITHIN_MS: 1 s): then the statement fails as busy and the caller answers 503, as
  // on a locked SQLite file, instead of holding the request until the statement timeout.
  lock_timeout: 1_000,
  idle_in_transaction_session_timeout: 10_000,
  // Client side: a server that stops answering mid-query (a network cut) is given up on.
  query_timeout: 8_000,
  application_name: 'verified-reviews-hub',
} as const;

/** A fan-out this large refreshes the queue's statistics (see topicDistribute). */
const ANALYZE_AFTER_ROWS = 1_000;

/** How long an open tries again while the database is in the way (a migration another node runs). */
const OPEN_BUSY_WITHIN_MS = 5_000;

/** BIGINT (epoch milliseconds, ids, counts) as numbers: every value the hub stores is far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

type Query = <R extends QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;

/**
 * The hub's state in Postgres (`HUB_DATABASE_URL`), for any number of hub
 * nodes on one database: the same tables and rules as the SQLite store,
 * with claims taken under `FOR UPDATE SKIP LOCKED` and an advisory lock
 * where two nodes could otherwise both decide (a publish of one build, the
 * per-host room of a claim, a host's subscription cap).
 */
export class PostgresHubStore implements HubStore {
  readonly engine = 'postgres';
  readonly #pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  static async open(url: string, busyWithinMs = OPEN_BUSY_WITHIN_MS): Promise<PostgresHubStore> {
    const pool = new pg.Pool({ connectionString: url, ...POOL, types: TYPES });
    // A connection the server drops (a restart, a failover, pg_terminate_backend) must not crash the process, idle in
    // the pool or checked out between two statements: the statement in flight fails, and the next one reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const deadline = Date.now() + busyWithinMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const client = await pool.connect();
        try {
          await migrate(client);
          // A real write at open: a read-only server (a replica after failover) connects and reads fine, then fails every subscribe.
          await client.query(SQL.metaSet, ['opened_at', new Date().toISOString()]);
        } finally {
          client.release();
        }
        return new PostgresHubStore(pool);
      } catch (error) {
        const failure = storeError(error);
        if (!isBusy(failure) || Date.now() > deadline) {
          await pool.end().catch(() => {});
          throw failure;
        }
        await sleep(Math.min(20 * attempt, 200));
      }
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  /**
   * One transaction on one connection. `durable: false` for bookkeeping
   * (claims, outcomes), which commits without waiting for the WAL flush: a
   * crash may take one back, which only means a delivery goes again.
   */
  async #tx<T>(work: (query: Query) => Promise<T>, durable = true): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw storeError(error);
    }
    const query: Query = (text, values) => client.query(text, values);
    let broken: unknown;
    try {
      await client.query('BEGIN');
      if (!durable) await client.query('SET LOCAL synchronous_commit = off');
      const result = await work(query);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: unknown) => (broken = rollback));
      throw storeError(error);
    } finally {
      // A connection whose rollback failed is in an unknown state: dropped, not reused.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  async #one<R extends QueryResultRow>(text: string, values: unknown[]): Promise<R | undefined> {
    try {
      return (await this.#pool.query<R>(text, values)).rows[0];
    } catch (error) {
      throw storeError(error);
    }
  }

  async #all<R extends QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(text, values)).rows;
    } catch (error) {
      throw storeError(error);
    }
  }

  // Verifications

  verificationRequest(request: VerificationRequest, worker: string, claimedUntil: number): Promise<PendingVerification> {
    return this.#tx(async (q) => {
      const r = request;
      await q(SQL.lockKey, [`pair ${r.topic} ${r.callback} ${r.mode}`]);
      await q(SQL.verificationDeletePair, [r.topic, r.callback, r.mode]);
      const { rows } = await q<VerificationRow>(SQL.verificationInsert, [
        r.mode,
        r.topic,
        r.callback,
        r.callbackHost,
        r.secret,
        r.leaseSeconds,
        r.requestedAt,
        worker,
        claimedUntil,
      ]);
      return toVerification(rows[0] as VerificationRow);
    });
  }

  async verificationPending(topic: string, callback: string): Promise<boolean> {
    return (await this.#one(SQL.verificationGetByPair, [topic, callback])) !== undefined;
  }

  verificationClaim(worker: string, now: number, claimedUntil: number, limit: number): Promise<PendingVerification[]> {
    return this.#tx(
      async (q) => (await q<VerificationRow>(SQL.verificationClaim, [now, limit, worker, claimedUntil])).rows.map(toVerification),
      false,
    );
  }

  async verificationDrop(id: number, worker: string): Promise<boolean> {
    return this.#tx(async (q) => oneOrNone((await q(SQL.verificationDeleteOwned, [id, worker])).rowCount, 'verification drop'), false);
  }

  subscriptionActivate(
    id: number,
    worker: string,
    verifiedAt: number,
    maxPerHost: number,
  ): Promise<'activated' | 'renewed' | 'stale' | 'host_full'> {
    return this.#tx(async (q) => {
      const row = (await q<VerificationRow>(SQL.verificationGetOwned, [id, worker])).rows[0];
      if (!row) return 'stale';
      // Two nodes activating for one host at once would each count the other's row as absent.
      await q(SQL.lockKey, [`host ${row.callback_host}`]);
      expectChanges((await q(SQL.verificationDeleteOwned, [id, worker])).rowCount, 1, 'verification finish');
      const existing = (await q(SQL.subscriptionGetByPair, [row.topic_url, row.callback])).rows[0];
      if (!existing) {
        const count = (await q<{ count: number }>(SQL.subscriptionCountByHost, [row.callback_host, verifiedAt])).rows[0]?.count ?? 0;
        if (count >= maxPerHost) return 'host_full';
      }
      const expiresAt = leaseExpiry(verifiedAt, row.lease_seconds);
      const upsert = await q(SQL.subscriptionUpsert, [
        row.topic_url,
        row.callback,
        row.callback_host,
        row.secret,
        row.lease_seconds,
        verifiedAt,
        expiresAt,
      ]);
      expectChanges(upsert.rowCount, 1, 'subscription upsert');
      return existing ? 'renewed' : 'activated';
    });
  }

  subscriptionRemoveVerified(id: number, worker: string): Promise<'removed' | 'absent' | 'stale'> {
    return this.#tx(async (q) => {
      const row = (await q<VerificationRow>(SQL.verificationGetOwned, [id, worker])).rows[0];
      if (!row) return 'stale';
      expectChanges((await q(SQL.verificationDeleteOwned, [id, worker])).rowCount, 1, 'verification finish');
      return oneOrNone((await q(SQL.subscriptionDeleteByPair, [row.topic_url, row.callback])).rowCount, 'unsubscribe')
        ? 'removed'
        : 'absent';
    });
  }

  // Subscriptions

  async subscriptionGet(topic: string, callback: string): Promise<Subscription | undefined> {
    const row = await this.#one<SubscriptionRow>(SQL.subscriptionGetByPair, [topic, callback]);
    return row && toSubscription(row);
  }

  async subscriptionCountByHost(host: string, now: number): Promise<number> {
    return (await this.#one<{ count: number }>(SQL.subscriptionCountByHost, [host, now]))?.count ?? 0;
  }

  async subscriptionList(): Promise<Subscription[]> {
    return (await this.#all<SubscriptionRow>(SQL.subscriptionAll)).map(toSubscription);
  }

  subscriptionsExpire(now: number): Promise<number> {
    return this.#tx(async (q) => {
      // Past windows of the shared rate limit go with the sweep.
      await q(SQL.rateExpire, [Math.floor(now / 60_000)]);
      return (await q(SQL.subscriptionDeleteExpired, [now])).rowCount ?? 0;
    }, false);
  }

  async rateCount(key: string, minute: number): Promise<number> {
    return await this.#tx(async (q) => (await q<{ count: number }>(SQL.rateCount, [key, minute])).rows[0]?.count ?? 0, false);
  }

  // Topics

  async topicGet(url: string): Promise<StoredTopic | undefined> {
    const row = await this.#one<TopicRow>(SQL.topicGet, [url]);
    return row && { url: row.url, contentType: row.content_type, body: row.body, hash: row.hash, version: row.version };
  }

  async topicDistribute(
    topic: { url: string; contentType: string; body: Uint8Array; hash: string },
    now: number,
  ): Promise<{ changed: false } | { changed: true; version: number; queued: number }> {
    const result = await this.#distribute(topic, now);
    // A fan-out queues thousands of rows at once, long before autovacuum counts them: with the statistics of the
    // empty queue the planner sorts the whole queue for every claim (95 ms at 20,000 rows, 2 ms once analysed).
    if (result.changed && result.queued >= ANALYZE_AFTER_ROWS) void this.#pool.query('ANALYZE delivery').catch(() => {});
    return result;
  }

  #distribute(
    topic: { url: string; contentType: string; body: Uint8Array; hash: string },
    now: number,
  ): Promise<{ changed: false } | { changed: true; version: number; queued: number }> {
    return this.#tx(async (q) => {
      // Every node of a deployment publishes the same build: the first records it, the others find the hash.
      await q(SQL.lockKey, [`topic ${topic.url}`]);
      const existing = (await q<Pick<TopicRow, 'hash' | 'version'>>(SQL.topicVersion, [topic.url])).rows[0];
      if (existing?.hash === topic.hash) return { changed: false as const };
      const version = (existing?.version ?? 0) + 1;
      const upsert = await q(SQL.topicUpsert, [topic.url, topic.contentType, Buffer.from(topic.body), topic.hash, version, now]);
      expectChanges(upsert.rowCount, 1, 'topic upsert');
      const queued = (await q(SQL.deliveryQueueTopic, [topic.url, version, now])).rowCount ?? 0;
      return { changed: true as const, version, queued };
    });
  }

  // The site

  siteMove(site: string, paths: readonly string[]): Promise<{ from: string | undefined; subscriptions: number } | undefined> {
    return this.#tx(async (q) => {
      await q(SQL.lockKey, ['site']);
      const known = (await q<{ value: string }>(SQL.metaGet, ['site'])).rows[0];
      if (known?.value === site) return undefined;
      let subscriptions = 0;
      for (const path of paths) {
        const where = [site + path, path];
        await q(SQL.subscriptionDeleteShadowed, where);
        subscriptions += (await q(SQL.subscriptionMove, where)).rowCount ?? 0;
        await q(SQL.verificationDeleteShadowed, where);
        await q(SQL.verificationMove, where);
        await q(SQL.topicDeleteShadowed, where);
        await q(SQL.topicMove, where);
      }
      await q(SQL.deliveryVersionsAlign);
      expectChanges((await q(SQL.metaSet, ['site', site])).rowCount, 1, 'site');
      return { from: known?.value, subscriptions };
    });
  }

  // Deliveries

  deliveryClaim(worker: string, now: number, claimedUntil: number, limit: number, fairness: DeliveryFairness): Promise<ClaimedDelivery[]> {
    return this.#tx(async (q) => {
      // Claims from every node one after another: each sees the others' claims when it counts a host's attempts in flight.
      await q(SQL.lockKey, ['delivery claim']);
      const { rows } = await q<DeliveryRow & { due_at: number }>(SQL.deliveryClaim, [
        now,
        limit,
        fairness.perHost,
        fairness.perFailingHost,
        worker,
        claimedUntil,
        claimWindow(limit),
      ]);
      return rows
        .sort((a, b) => a.due_at - b.due_at || a.subscription_id - b.subscription_id)
        .map((r) => ({
          subscriptionId: r.subscription_id,
          version: r.topic_version,
          topic: r.topic_url,
          callback: r.callback,
          secret: r.secret,
        }));
    }, false);
  }

  deliveryRecord(
    outcomes: readonly DeliveryOutcome[],
    worker: string,
    now: number,
    retryDelaysMs: readonly number[],
  ): Promise<RemovedSubscription[]> {
    return this.#tx(async (q) => {
      const removed: RemovedSubscription[] = [];
      // The acknowledgements of a fan-out, a few statements for the whole batch (a round trip each, not three per outcome).
      const delivered = outcomes.filter((o) => o.kind === 'delivered');
      const ids = delivered.map((o) => o.subscriptionId);
      // Two outcomes for one subscription in a batch (a retry of a failed write met a newer attempt) go one by one, below.
      const batched = ids.length > 0 && new Set(ids).size === ids.length;
      if (batched) {
        // Only rows this worker still holds count (not unsubscribed, expired or taken over by another worker meanwhile).
        const owned = (await q<{ subscription_id: number }>(SQL.deliveryOwnedMany, [ids, worker])).rows.map((r) => r.subscription_id);
        await q(SQL.subscriptionResetFailuresMany, [owned]);
        const done = new Set(
          (await q<{ subscription_id: number }>(SQL.deliveryDeleteDoneMany, [ids, delivered.map((o) => o.version), worker])).rows.map(
            (r) => r.subscription_id,
          ),
        );
        // A newer change queued meanwhile keeps the row (now unclaimed) for the next attempt.
        await q(SQL.deliveryReleaseMany, [owned.filter((id) => !done.has(id)), worker, now]);
      }
      for (const outcome of outcomes) {
        if (outcome.kind === 'delivered' && batched) continue;
        const id = outcome.subscriptionId;
        const sub = (await q<SubscriptionRow & { owned: boolean }>(SQL.subscriptionGetOwnedDelivery, [id, worker])).rows[0];
        // Unsubscribed or expired while the attempt ran, or the claim ran out and another worker holds the item: its outcome counts, not this one.
        if (!sub?.owned) continue;
        if (outcome.kind === 'delivered') {
          await q(SQL.subscriptionResetFailures, [id]);
          if (!oneOrNone((await q(SQL.deliveryDeleteDone, [id, worker, outcome.version])).rowCount, 'delivery done'))
            await q(SQL.deliveryRelease, [id, worker, now]);
        } else if (outcome.kind === 'gone') {
          expectChanges((await q(SQL.subscriptionDeleteById, [id])).rowCount, 1, 'subscription removal');
          removed.push({ ...toSubscription(sub), reason: outcome.reason, cause: 'gone' });
        } else {
          const failures = sub.failures + 1;
          const next = afterFailure(failures, retryDelaysMs);
          if (next.remove) {
            expectChanges((await q(SQL.subscriptionDeleteById, [id])).rowCount, 1, 'subscription removal');
            removed.push({ ...toSubscription(sub), reason: outcome.reason, cause: 'failed' });
          } else {
            expectChanges((await q(SQL.subscriptionSetFailures, [id, failures])).rowCount, 1, 'failure count');
            await q(SQL.deliveryRelease, [id, worker, now + next.retryInMs]);
          }
        }
      }
      return removed;
    }, false);
  }

  async workNextAt(): Promise<number | undefined> {
    return (await this.#one<{ at: number | null }>(SQL.workNextAt, []))?.at ?? undefined;
  }

  async deliveryCount(): Promise<number> {
    return (await this.#one<{ count: number }>(SQL.deliveryCount, []))?.count ?? 0;
  }
}

function expectChanges(changed: number | null, expected: number, what: string): void {
  if (changed !== expected) throw new StoreError('bug', `${what}: expected ${expected} row(s) changed, got ${changed}`);
}

/** A write that may legitimately find nothing to change (the row went meanwhile); more than one row is a bug. */
function oneOrNone(changed: number | null, what: string): boolean {
  if ((changed ?? 0) > 1) throw new StoreError('bug', `${what}: expected at most 1 row changed, got ${changed}`);
  return changed === 1;
}
