-- The fan-out's ledger (decision 065): work done after the request that asked for it (pictures at every
-- width, newsletter batches, fediverse deliveries, push alerts). The queue only carries a job's id; the
-- row says what to work on, whether it is done, and who holds it until when.
CREATE TABLE jobs (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
  -- What the job works on: a picture's key, a batch's id. One job per kind and ref.
  ref TEXT NOT NULL CHECK (length(ref) BETWEEN 1 AND 512),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  -- Runs started so far.
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Not before: set by a retry's backoff.
  run_after TEXT NOT NULL,
  -- While running: the runner holds the job until then; past it, the job is run again.
  lease_until TEXT,
  last_error TEXT CHECK (last_error IS NULL OR length(last_error) <= 500),
  created_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE UNIQUE INDEX jobs_kind_ref ON jobs (kind, ref);
-- The minute job's look for stranded work, and its pruning of finished jobs.
CREATE INDEX jobs_unfinished ON jobs (state, run_after) WHERE state IN ('pending', 'running');
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL;
