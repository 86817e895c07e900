-- A pending subscribe and a pending unsubscribe of one pair are kept apart: a
-- stranger's unsubscribe (which the subscriber will refuse) must not throw away
-- a subscribe still waiting for its verification. A newer request of the same
-- pair and mode still replaces the older one.
CREATE TABLE verification_by_mode (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  topic_url TEXT NOT NULL,
  callback TEXT NOT NULL,
  callback_host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL CHECK (lease_seconds > 0),
  requested_at INTEGER NOT NULL,
  claimed_by TEXT,
  claimed_until INTEGER,
  UNIQUE (topic_url, callback, mode)
) STRICT;
INSERT INTO verification_by_mode SELECT * FROM verification;
-- Ids are never reused: carry the counter over, not just the highest id left.
DELETE FROM sqlite_sequence WHERE name = 'verification_by_mode';
INSERT INTO sqlite_sequence (name, seq) SELECT 'verification_by_mode', seq FROM sqlite_sequence WHERE name = 'verification';
DROP TABLE verification;
ALTER TABLE verification_by_mode RENAME TO verification;
CREATE INDEX verification_by_claim ON verification (claimed_until);
