-- What the hub knows about itself: `site`, the base URL its topics hung off at
-- the last publish (a publish under another one moves every subscription to
-- the new topic URLs), and `opened_at`, written at each start to prove the
-- file is writable before the hub answers anyone.
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
