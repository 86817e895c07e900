-- What a fair claim reads at every turn, without a scan of the whole queue (docs/hub.md): the attempts in flight
-- (claims not yet run out), the hosts with a failing subscription, and the next item to fall due.
CREATE INDEX delivery_by_claim ON delivery (claimed_until) WHERE claimed_until IS NOT NULL;
CREATE INDEX subscription_failing ON subscription (callback_host) WHERE failures > 0;
