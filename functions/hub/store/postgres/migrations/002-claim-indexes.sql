-- What a fair claim reads at every turn, without a scan of the whole queue (docs/hub.md): the queue in due order
-- with its tie-break, and the hosts with a failing subscription.
DROP INDEX delivery_by_due;
CREATE INDEX delivery_by_due ON delivery (due_at, subscription_id);
CREATE INDEX subscription_failing ON subscription (callback_host) WHERE failures > 0;
