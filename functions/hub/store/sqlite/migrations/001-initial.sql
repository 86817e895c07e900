-- Hub state (docs/interface.md, "WebSub hub"). Times are epoch milliseconds.

-- The last content distributed per topic: its hash decides whether a publish
-- has anything to send, its body is what pending deliveries send.
CREATE TABLE topic (
  url TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  body BLOB NOT NULL,
  hash TEXT NOT NULL,
  -- Counts distributed changes; a delivery names the version it was queued for.
  version INTEGER NOT NULL CHECK (version >= 1),
  distributed_at INTEGER NOT NULL
) STRICT;

-- AUTOINCREMENT: an id is never reused, so the outcome of an attempt for a
-- removed subscription can never land on a newer one.
CREATE TABLE subscription (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  topic_url TEXT NOT NULL,
  callback TEXT NOT NULL,
  callback_host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL CHECK (lease_seconds > 0),
  verified_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Consecutive failed delivery attempts; a 2xx sets it back to 0.
  failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  UNIQUE (topic_url, callback)
) STRICT;
CREATE INDEX subscription_by_host ON subscription (callback_host, expires_at);
CREATE INDEX subscription_by_expiry ON subscription (expires_at);

-- A subscribe or unsubscribe waiting for its verification of intent. A newer
-- request for the same pair replaces it (with a new id, so an attempt still
-- running for the older one cannot finish it).
CREATE TABLE verification (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  topic_url TEXT NOT NULL,
  callback TEXT NOT NULL,
  callback_host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL CHECK (lease_seconds > 0),
  requested_at INTEGER NOT NULL,
  -- The worker running it and until when; a claim past its time (a crashed worker) is free again.
  claimed_by TEXT,
  claimed_until INTEGER,
  UNIQUE (topic_url, callback)
) STRICT;
CREATE INDEX verification_by_claim ON verification (claimed_until);

-- At most one pending notification per subscription: a newer change of the
-- topic replaces the version to send, so a subscriber never gets stale content.
CREATE TABLE delivery (
  subscription_id INTEGER PRIMARY KEY REFERENCES subscription (id) ON DELETE CASCADE,
  topic_version INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  claimed_by TEXT,
  claimed_until INTEGER
) STRICT;
CREATE INDEX delivery_by_due ON delivery (due_at);
