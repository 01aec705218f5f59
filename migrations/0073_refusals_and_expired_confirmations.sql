-- Issue 37. A push subscription whose push service refused its pushes (400, 401, 403, 413...) three
-- alerts running is removed (src/domain/alerts/delivery.ts, REFUSALS_BEFORE_REMOVAL): the count of
-- refusals running, cleared by a delivery.
ALTER TABLE push_subscriptions ADD COLUMN refusals INTEGER NOT NULL DEFAULT 0 CHECK (refusals >= 0);

-- The minute job prunes pending subscriptions whose confirmation expired (src/adapters/jobs/scheduled-job.ts).
CREATE INDEX subscriptions_pending_expiry ON subscriptions (confirmation_expires_at) WHERE status = 'pending';
