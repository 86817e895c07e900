/** The hub store's SQL (all of it; used only by ./store.ts). */
import type { Database as Db, Statement } from 'better-sqlite3';

/** Every statement, prepared once at open. Named noun first. */
export function prepare(db: Db) {
  const s = (sql: string): Statement => db.prepare(sql);
  const free = '(claimed_until IS NULL OR claimed_until <= @now)';
  const under = (column: string): string => `substr(${column}, -length(@path)) = @path`;
  return {
    verificationDeletePair: s('DELETE FROM verification WHERE topic_url = @topic AND callback = @callback AND mode = @mode'),
    verificationInsert:
      s(`INSERT INTO verification (mode, topic_url, callback, callback_host, secret, lease_seconds, requested_at, claimed_by, claimed_until)
      VALUES (@mode, @topic, @callback, @callbackHost, @secret, @leaseSeconds, @requestedAt, @worker, @claimedUntil) RETURNING *`),
    verificationFree: s(`SELECT * FROM verification WHERE ${free} ORDER BY requested_at LIMIT @limit`),
    verificationTake: s(`UPDATE verification SET claimed_by = @worker, claimed_until = @claimedUntil WHERE id = @id AND ${free}`),
    verificationGetByPair: s('SELECT id FROM verification WHERE topic_url = @topic_url AND callback = @callback'),
    verificationGetOwned: s('SELECT * FROM verification WHERE id = @id AND claimed_by = @worker'),
    verificationDeleteOwned: s('DELETE FROM verification WHERE id = @id AND claimed_by = @worker'),
    subscriptionGetByPair: s('SELECT * FROM subscription WHERE topic_url = @topic_url AND callback = @callback'),
    subscriptionGetById: s('SELECT * FROM subscription WHERE id = @id'),
    subscriptionAll: s('SELECT * FROM subscription ORDER BY id'),
    subscriptionCountByHost: s('SELECT count(*) AS count FROM subscription WHERE callback_host = @host AND expires_at > @now'),
    subscriptionUpsert: s(`INSERT INTO subscription (topic_url, callback, callback_host, secret, lease_seconds, verified_at, expires_at)
      VALUES (@topic_url, @callback, @callback_host, @secret, @lease_seconds, @verifiedAt, @expiresAt)
      ON CONFLICT (topic_url, callback) DO UPDATE SET secret = excluded.secret, lease_seconds = excluded.lease_seconds,
        verified_at = excluded.verified_at, expires_at = excluded.expires_at`),
    subscriptionDeleteByPair: s('DELETE FROM subscription WHERE topic_url = @topic_url AND callback = @callback'),
    subscriptionDeleteById: s('DELETE FROM subscription WHERE id = @id'),
    subscriptionDeleteExpired: s('DELETE FROM subscription WHERE expires_at <= @now'),
    subscriptionResetFailures: s('UPDATE subscription SET failures = 0 WHERE id = @id AND failures > 0'),
    subscriptionSetFailures: s('UPDATE subscription SET failures = @failures WHERE id = @id'),
    topicGet: s('SELECT * FROM topic WHERE url = @url'),
    // What a publish compares, without the stored body (the whole topic, up to megabytes).
    topicVersion: s('SELECT hash, version FROM topic WHERE url = @url'),
    topicUpsert:
      s(`INSERT INTO topic (url, content_type, body, hash, version, distributed_at) VALUES (@url, @contentType, @body, @hash, @version, @now)
      ON CONFLICT (url) DO UPDATE SET content_type = excluded.content_type, body = excluded.body, hash = excluded.hash,
        version = excluded.version, distributed_at = excluded.distributed_at`),
    deliveryQueueTopic: s(`INSERT INTO delivery (subscription_id, topic_version, due_at)
      SELECT id, @version, @now FROM subscription WHERE topic_url = @url AND expires_at > @now
      ON CONFLICT (subscription_id) DO UPDATE SET topic_version = excluded.topic_version`),
    // Oldest first within each callback host's room (docs/hub.md): hosts at their cap (attempts in flight, claims not
    // yet run out; a lower cap for a host with a failing subscription) are left out, then a window of the oldest due
    // rows is ranked per host so that no host passes its room. Every part reads an index, not the whole queue.
    deliveryDue: s(`WITH busy AS (
        SELECT s.callback_host AS host, count(*) AS n FROM delivery d JOIN subscription s ON s.id = d.subscription_id
        WHERE d.claimed_until > @now GROUP BY s.callback_host),
      failing AS (SELECT DISTINCT callback_host AS host FROM subscription WHERE failures > 0),
      capped AS (
        SELECT host FROM busy WHERE n >= @perHost
        UNION SELECT b.host FROM busy b JOIN failing f ON f.host = b.host WHERE b.n >= @perFailingHost),
      candidates AS (
        SELECT d.subscription_id, d.topic_version, d.due_at, s.topic_url, s.callback, s.secret, s.callback_host
        FROM delivery d JOIN subscription s ON s.id = d.subscription_id
        WHERE d.due_at <= @now AND (d.claimed_until IS NULL OR d.claimed_until <= @now) AND s.expires_at > @now
          AND s.callback_host NOT IN (SELECT host FROM capped)
        ORDER BY d.due_at, d.subscription_id LIMIT @window),
      ranked AS (
        SELECT c.*, row_number() OVER (PARTITION BY c.callback_host ORDER BY c.due_at, c.subscription_id) AS rank FROM candidates c)
      SELECT ranked.* FROM ranked LEFT JOIN busy ON busy.host = ranked.callback_host
      WHERE ranked.rank + coalesce(busy.n, 0) <=
        CASE WHEN ranked.callback_host IN (SELECT host FROM failing) THEN @perFailingHost ELSE @perHost END
      ORDER BY ranked.due_at, ranked.subscription_id LIMIT @limit`),
    deliveryTake: s(`UPDATE delivery SET claimed_by = @worker, claimed_until = @claimedUntil WHERE subscription_id = @id AND ${free}`),
    deliveryOwned: s('SELECT 1 FROM delivery WHERE subscription_id = @id AND claimed_by = @worker'),
    deliveryDeleteDone: s('DELETE FROM delivery WHERE subscription_id = @id AND claimed_by = @worker AND topic_version = @version'),
    deliveryRelease: s(
      'UPDATE delivery SET claimed_by = NULL, claimed_until = NULL, due_at = @dueAt WHERE subscription_id = @id AND claimed_by = @worker',
    ),
    deliveryCount: s('SELECT count(*) AS count FROM delivery'),
    metaGet: s('SELECT value FROM meta WHERE key = @key'),
    metaSet: s('INSERT INTO meta (key, value) VALUES (@key, @value) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    // A site move, per topic path (@path) and its URL under the new site (@url). "Under the path": the URL ends with it.
    // A callback holding the pair twice after the move keeps one row: the one already at the new URL, else the newest.
    subscriptionDeleteShadowed: s(`DELETE FROM subscription AS s WHERE ${under('s.topic_url')} AND s.topic_url <> @url AND EXISTS (
      SELECT 1 FROM subscription o WHERE o.callback = s.callback AND ${under('o.topic_url')} AND o.id <> s.id
        AND (o.topic_url = @url OR o.id > s.id))`),
    subscriptionMove: s(`UPDATE subscription SET topic_url = @url WHERE ${under('topic_url')} AND topic_url <> @url`),
    verificationDeleteShadowed: s(`DELETE FROM verification AS v WHERE ${under('v.topic_url')} AND v.topic_url <> @url AND EXISTS (
      SELECT 1 FROM verification o WHERE o.callback = v.callback AND o.mode = v.mode AND ${under('o.topic_url')} AND o.id <> v.id
        AND (o.topic_url = @url OR o.id > v.id))`),
    verificationMove: s(`UPDATE verification SET topic_url = @url WHERE ${under('topic_url')} AND topic_url <> @url`),
    // The last distributed content moves with its topic (its hash decides what the next publish sends): the new URL's own row, else the newest.
    topicDeleteShadowed: s(`DELETE FROM topic AS t WHERE ${under('t.url')} AND t.url <> @url AND EXISTS (
      SELECT 1 FROM topic o WHERE ${under('o.url')} AND o.url <> t.url
        AND (o.url = @url OR o.distributed_at > t.distributed_at OR (o.distributed_at = t.distributed_at AND o.url > t.url)))`),
    topicMove: s(`UPDATE topic SET url = @url WHERE ${under('url')} AND url <> @url`),
    // A pending delivery sends its topic's newest content: after a move its version must be one its topic row has.
    deliveryVersionsAlign:
      s(`UPDATE delivery SET topic_version = coalesce((SELECT t.version FROM subscription s JOIN topic t ON t.url = s.topic_url
      WHERE s.id = delivery.subscription_id), topic_version)`),
    // The next delivery to fall due among the free ones, the earliest claim to run out, and the same for verifications.
    workNextAt: s(`SELECT min(at) AS at FROM (
      SELECT min(due_at) AS at FROM delivery WHERE claimed_until IS NULL
      UNION ALL SELECT min(max(due_at, claimed_until)) FROM delivery WHERE claimed_until IS NOT NULL
      UNION ALL SELECT min(coalesce(claimed_until, 0)) FROM verification)`),
  };
}
