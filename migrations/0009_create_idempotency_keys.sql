-- Idempotency-Key on the one-request uploads (decision 026): the first answer to a key, kept for
-- 24 hours, so a retry whose answer was lost gets that answer instead of a second file and draft.
-- A key is its user's: two users may send the same one. While the first request runs the row is
-- 'pending' and holds no answer; a request that fails gives its key up (the row is deleted).
CREATE TABLE idempotency_keys (
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  key             TEXT    NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  status          TEXT    NOT NULL CHECK (status IN ('pending', 'done')),
  -- SHA-256 (hex) of what the request asked for: the route, the form's fields and the file's bytes.
  fingerprint     TEXT,
  response_status INTEGER,
  response_body   TEXT,
  created_at      TEXT    NOT NULL,
  expires_at      TEXT    NOT NULL,
  PRIMARY KEY (user_id, key),
  CHECK (status = 'pending' OR (fingerprint IS NOT NULL AND response_status IS NOT NULL AND response_body IS NOT NULL))
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
