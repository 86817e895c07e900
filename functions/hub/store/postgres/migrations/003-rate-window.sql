-- Requests per callback host in the current one-minute window, shared by every hub node, so the rate
-- limit counts per subscriber across nodes. One row per key; a new window starts its count again.
CREATE TABLE rate_window (
  key TEXT PRIMARY KEY,
  minute BIGINT NOT NULL,
  count INTEGER NOT NULL
);
