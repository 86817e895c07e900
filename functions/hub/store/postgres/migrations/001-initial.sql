-- Hub state on Postgres: the tables of the SQLite store (sqlite/migrations), in one version. Times are epoch
-- milliseconds (BIGINT); ids come from identities, never reused, so the outcome of an attempt for a removed
-- subscription can never land on a newer one.

-- The last content distributed per topic: its hash decides whether a publish has anything to send, its body is
-- what pending deliveries send; `version` counts distributed changes.
CREATE TABLE topic (
  url TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  body BYTEA NOT NULL,
  hash TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  distributed_at BIGINT NOT NULL
);

CREATE TABLE subscription (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic_url TEXT NOT NULL,
  callback TEXT NOT NULL,
  callback_host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL CHECK (lease_seconds > 0),
  verified_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  -- Consecutive failed delivery attempts; a 2xx sets it back to 0.
  failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  UNIQUE (topic_url, callback)
);
CREATE INDEX subscription_by_host ON subscription (callback_host, expires_at);
CREATE INDEX subscription_by_expiry ON subscription (expires_at);

-- A subscribe or unsubscribe waiting for its verification of intent; a newer request of the same pair and mode
-- replaces it (with a new id). The claim: the worker running it and until when.
CREATE TABLE verification (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  topic_url TEXT NOT NULL,
  callback TEXT NOT NULL,
  callback_host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL CHECK (lease_seconds > 0),
  requested_at BIGINT NOT NULL,
  claimed_by TEXT,
  claimed_until BIGINT,
  UNIQUE (topic_url, callback, mode)
);
CREATE INDEX verification_by_claim ON verification (claimed_until);

-- At most one pending notification per subscription: a newer change replaces the version to send.
CREATE TABLE delivery (
  subscription_id BIGINT PRIMARY KEY REFERENCES subscription (id) ON DELETE CASCADE,
  topic_version INTEGER NOT NULL,
  due_at BIGINT NOT NULL,
  claimed_by TEXT,
  claimed_until BIGINT
);
CREATE INDEX delivery_by_due ON delivery (due_at);
CREATE INDEX delivery_by_claim ON delivery (claimed_until) WHERE claimed_until IS NOT NULL;

-- `site` (the base URL topics hung off at the last publish) and `opened_at` (the write check of each start).
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
