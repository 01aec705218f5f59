-- Idempotency-Key leases (decision 051, superseding part of 026): a pending key is held by one
-- running request for a short lease that the request renews while it runs. A request killed with
-- its process stops renewing, so its key becomes claimable again once the lease runs out, instead of
-- answering 409 idempotency_key_in_use for the key's whole 24 hours. claim_id names the request
-- holding the lease, so a request that lost its lease can neither renew, complete nor release it.
ALTER TABLE idempotency_keys ADD COLUMN lease_until TEXT;
ALTER TABLE idempotency_keys ADD COLUMN claim_id TEXT;
-- Pending keys from before this migration: their lease runs two minutes from their claim.
UPDATE idempotency_keys SET lease_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+2 minutes') WHERE status = 'pending';
