/** The Postgres store's SQL (all of it; used only by ./store.ts). The same statements as sqlite/statements.ts, positional. */

const free = (alias: string): string => `(${alias}.claimed_until IS NULL OR ${alias}.claimed_until <= $1)`;
/** "Under the path" ($2): the URL ends with it. */
const under = (column: string): string => `right(${column}, length($2::text)) = $2::text`;

export const SQL = {
  /** Serialises the transactions that decide on one key (released at commit). */
  lockKey: 'SELECT pg_advisory_xact_lock(hashtext($1::text))',

  verificationDeletePair: 'DELETE FROM verification WHERE topic_url = $1 AND callback = $2 AND mode = $3',
  verificationInsert: `INSERT INTO verification (mode, topic_url, callback, callback_host, secret, lease_seconds, requested_at, claimed_by, claimed_until)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
  verificationClaim: `UPDATE verification v SET claimed_by = $3, claimed_until = $4 FROM (
      SELECT id FROM verification v WHERE ${free('v')} ORDER BY requested_at LIMIT $2 FOR UPDATE SKIP LOCKED) c
    WHERE v.id = c.id RETURNING v.*`,
  verificationGetByPair: 'SELECT id FROM verification WHERE topic_url = $1 AND callback = $2',
  verificationGetOwned: 'SELECT * FROM verification WHERE id = $1 AND claimed_by = $2 FOR UPDATE',
  verificationDeleteOwned: 'DELETE FROM verification WHERE id = $1 AND claimed_by = $2',

  subscriptionGetByPair: 'SELECT * FROM subscription WHERE topic_url = $1 AND callback = $2',
  subscriptionGetOwnedDelivery: `SELECT s.*, EXISTS (SELECT 1 FROM delivery d WHERE d.subscription_id = s.id AND d.claimed_by = $2) AS owned
    FROM subscription s WHERE s.id = $1 FOR UPDATE`,
  subscriptionAll: 'SELECT * FROM subscription ORDER BY id',
  subscriptionCountByHost: 'SELECT count(*) AS count FROM subscription WHERE callback_host = $1 AND expires_at > $2',
  subscriptionUpsert: `INSERT INTO subscription (topic_url, callback, callback_host, secret, lease_seconds, verified_at, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (topic_url, callback) DO UPDATE SET secret = excluded.secret, lease_seconds = excluded.lease_seconds,
      verified_at = excluded.verified_at, expires_at = excluded.expires_at`,
  subscriptionDeleteByPair: 'DELETE FROM subscription WHERE topic_url = $1 AND callback = $2',
  subscriptionDeleteById: 'DELETE FROM subscription WHERE id = $1',
  subscriptionDeleteExpired: 'DELETE FROM subscription WHERE expires_at <= $1',
  subscriptionResetFailures: 'UPDATE subscription SET failures = 0 WHERE id = $1 AND failures > 0',
  subscriptionSetFailures: 'UPDATE subscription SET failures = $2 WHERE id = $1',

  topicGet: 'SELECT * FROM topic WHERE url = $1',
  topicVersion: 'SELECT hash, version FROM topic WHERE url = $1',
  topicUpsert: `INSERT INTO topic (url, content_type, body, hash, version, distributed_at) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (url) DO UPDATE SET content_type = excluded.content_type, body = excluded.body, hash = excluded.hash,
      version = excluded.version, distributed_at = excluded.distributed_at`,

  deliveryQueueTopic: `INSERT INTO delivery (subscription_id, topic_version, due_at)
    SELECT id, $2::integer, $3::bigint FROM subscription WHERE topic_url = $1 AND expires_at > $3::bigint
    ON CONFLICT (subscription_id) DO UPDATE SET topic_version = excluded.topic_version`,
  // The fair claim (sqlite/statements.ts deliveryDue says how): $1 now, $2 limit, $3 per host, $4 per failing host,
  // $5 worker, $6 claimed until, $7 window. Rows another node holds locked are skipped, never waited for.
  deliveryClaim: `WITH busy AS (
      SELECT s.callback_host AS host, count(*) AS n FROM delivery d JOIN subscription s ON s.id = d.subscription_id
      WHERE d.claimed_until > $1 GROUP BY s.callback_host),
    failing AS (SELECT DISTINCT callback_host AS host FROM subscription WHERE failures > 0),
    capped AS (
      SELECT host FROM busy WHERE n >= $3::bigint
      UNION SELECT b.host FROM busy b JOIN failing f ON f.host = b.host WHERE b.n >= $4::bigint),
    -- The queue read in due order from its index, each row's subscription looked up by id (OFFSET 0 keeps the lookup
    -- a nested loop: joined as a whole, stale statistics after a fan-out's queueing made the planner hash the whole
    -- queue and sort it for every claim, 50 ms at 20,000 rows instead of 2).
    candidates AS (
      SELECT d.subscription_id, d.due_at, s.callback_host
      FROM delivery d CROSS JOIN LATERAL (
        SELECT callback_host, expires_at FROM subscription WHERE id = d.subscription_id OFFSET 0) s
      WHERE d.due_at <= $1 AND ${free('d')} AND s.expires_at > $1 AND s.callback_host NOT IN (SELECT host FROM capped)
      ORDER BY d.due_at, d.subscription_id LIMIT $7),
    ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.callback_host ORDER BY c.due_at, c.subscription_id) AS rank FROM candidates c),
    picked AS (
      SELECT ranked.subscription_id FROM ranked LEFT JOIN busy ON busy.host = ranked.callback_host
      WHERE ranked.rank + coalesce(busy.n, 0) <= CASE WHEN ranked.callback_host IN (SELECT host FROM failing) THEN $4::bigint ELSE $3::bigint END
      ORDER BY ranked.due_at, ranked.subscription_id LIMIT $2),
    locked AS (
      SELECT d.subscription_id FROM delivery d WHERE d.subscription_id IN (SELECT subscription_id FROM picked) AND ${free('d')}
      FOR UPDATE SKIP LOCKED)
    UPDATE delivery d SET claimed_by = $5, claimed_until = $6 FROM locked l, subscription s
    WHERE d.subscription_id = l.subscription_id AND s.id = d.subscription_id
    RETURNING d.subscription_id, d.topic_version, d.due_at, s.topic_url, s.callback, s.secret`,
  deliveryOwnedMany: `SELECT d.subscription_id FROM delivery d JOIN subscription s ON s.id = d.subscription_id
    WHERE d.subscription_id = ANY($1::bigint[]) AND d.claimed_by = $2 ORDER BY d.subscription_id FOR UPDATE OF d, s`,
  subscriptionResetFailuresMany: 'UPDATE subscription SET failures = 0 WHERE id = ANY($1::bigint[]) AND failures > 0',
  deliveryDeleteDoneMany: `DELETE FROM delivery d USING unnest($1::bigint[], $2::integer[]) AS o (id, version)
    WHERE d.subscription_id = o.id AND d.claimed_by = $3 AND d.topic_version = o.version RETURNING d.subscription_id`,
  deliveryReleaseMany:
    'UPDATE delivery SET claimed_by = NULL, claimed_until = NULL, due_at = $3 WHERE subscription_id = ANY($1::bigint[]) AND claimed_by = $2',
  deliveryDeleteDone: 'DELETE FROM delivery WHERE subscription_id = $1 AND claimed_by = $2 AND topic_version = $3',
  deliveryRelease:
    'UPDATE delivery SET claimed_by = NULL, claimed_until = NULL, due_at = $3 WHERE subscription_id = $1 AND claimed_by = $2',
  deliveryCount: 'SELECT count(*) AS count FROM delivery',

  rateCount: `INSERT INTO rate_window (key, minute, count) VALUES ($1, $2, 1)
    ON CONFLICT (key) DO UPDATE SET count = CASE WHEN rate_window.minute = $2 THEN rate_window.count + 1 ELSE 1 END, minute = $2
    RETURNING count`,
  rateExpire: 'DELETE FROM rate_window WHERE minute < $1',
  metaGet: 'SELECT value FROM meta WHERE key = $1',
  metaSet: 'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',

  // A site move, per topic path ($2) and its URL under the new site ($1): see sqlite/statements.ts.
  subscriptionDeleteShadowed: `DELETE FROM subscription AS s WHERE ${under('s.topic_url')} AND s.topic_url <> $1 AND EXISTS (
    SELECT 1 FROM subscription o WHERE o.callback = s.callback AND ${under('o.topic_url')} AND o.id <> s.id
      AND (o.topic_url = $1 OR o.id > s.id))`,
  subscriptionMove: `UPDATE subscription SET topic_url = $1 WHERE ${under('topic_url')} AND topic_url <> $1`,
  verificationDeleteShadowed: `DELETE FROM verification AS v WHERE ${under('v.topic_url')} AND v.topic_url <> $1 AND EXISTS (
    SELECT 1 FROM verification o WHERE o.callback = v.callback AND o.mode = v.mode AND ${under('o.topic_url')} AND o.id <> v.id
      AND (o.topic_url = $1 OR o.id > v.id))`,
  verificationMove: `UPDATE verification SET topic_url = $1 WHERE ${under('topic_url')} AND topic_url <> $1`,
  topicDeleteShadowed: `DELETE FROM topic AS t WHERE ${under('t.url')} AND t.url <> $1 AND EXISTS (
    SELECT 1 FROM topic o WHERE ${under('o.url')} AND o.url <> t.url
      AND (o.url = $1 OR o.distributed_at > t.distributed_at OR (o.distributed_at = t.distributed_at AND o.url > t.url)))`,
  topicMove: `UPDATE topic SET url = $1 WHERE ${under('url')} AND url <> $1`,
  deliveryVersionsAlign: `UPDATE delivery SET topic_version = coalesce((SELECT t.version FROM subscription s JOIN topic t ON t.url = s.topic_url
    WHERE s.id = delivery.subscription_id), topic_version)`,
  workNextAt: `SELECT min(at) AS at FROM (
    SELECT min(due_at) AS at FROM delivery WHERE claimed_until IS NULL
    UNION ALL SELECT min(greatest(due_at, claimed_until)) FROM delivery WHERE claimed_until IS NOT NULL
    UNION ALL SELECT min(coalesce(claimed_until, 0)) FROM verification) w`,
} as const;
