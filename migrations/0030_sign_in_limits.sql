-- Limits that keep the newsroom up (issue 26, decisions 050 and 070).

-- Failed sign-ins are counted per key: `account:<id>` when the name typed is an account (its
-- username or email, in any case: they count together, and wrong second-step codes count there
-- too), else `name:<HMAC-SHA-256 of the name under the pepper>`; the name typed is never kept. id is
-- random, so the statements of the write that records a failure can refer to it. The minute job
-- deletes attempts older than the lockout window (15 minutes). Earlier rows held names as typed:
-- they go (they only ever locked for 15 minutes).
DROP TABLE login_attempts;
CREATE TABLE login_attempts (
  id           TEXT NOT NULL PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  key          TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 80),
  attempted_at TEXT NOT NULL
);
CREATE INDEX login_attempts_key_time ON login_attempts (key, attempted_at);
CREATE INDEX login_attempts_time ON login_attempts (attempted_at);

-- Wrong codes spent on a second step's challenge: after three it is deleted (the sign-in starts again).
ALTER TABLE auth_challenges ADD COLUMN failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0);

-- How a session was opened: a passkey sign-in within the last five minutes stands in for the
-- password when a factor is added or removed. Older sessions: unknown (NULL), never a passkey's.
ALTER TABLE sessions ADD COLUMN sign_in_method TEXT CHECK (
  sign_in_method IS NULL OR sign_in_method IN ('password', 'password+totp', 'password+recovery_code', 'passkey')
);

-- The minute job's pruning reads these by time.
CREATE INDEX sessions_expiry ON sessions (expires_at);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);
