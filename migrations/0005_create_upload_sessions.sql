-- Resumable uploads (docs/api/uploads.md). R2 holds the bytes of the parts; these rows say whose
-- upload it is, how it is cut into parts and which parts are done, so only the owner can continue
-- it and a dropped connection resumes with the missing parts.
CREATE TABLE upload_sessions (
  id           TEXT    PRIMARY KEY CHECK (length(id) = 36),
  owner_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  kind         TEXT    NOT NULL CHECK (kind IN ('image', 'video')),
  filename     TEXT    CHECK (filename IS NULL OR length(filename) <= 255),
  size         INTEGER NOT NULL CHECK (size > 0),
  part_size    INTEGER NOT NULL CHECK (part_size > 0),
  part_count   INTEGER NOT NULL CHECK (part_count BETWEEN 1 AND 10000),
  status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'aborted')),
  -- Set together when part 1 arrives: its bytes decide the type, and so the key.
  object_key   TEXT,
  r2_upload_id TEXT,
  content_type TEXT,
  story_id     INTEGER REFERENCES stories (id) ON DELETE RESTRICT,
  created_at   TEXT    NOT NULL,
  updated_at   TEXT    NOT NULL,
  expires_at   TEXT    NOT NULL
);
CREATE INDEX upload_sessions_owner ON upload_sessions (owner_id, created_at DESC);
CREATE INDEX upload_sessions_open_expiry ON upload_sessions (expires_at) WHERE status = 'open';

CREATE TABLE upload_parts (
  upload_id   TEXT    NOT NULL REFERENCES upload_sessions (id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL CHECK (part_number BETWEEN 1 AND 10000),
  size        INTEGER NOT NULL CHECK (size > 0),
  etag        TEXT    NOT NULL,
  uploaded_at TEXT    NOT NULL,
  PRIMARY KEY (upload_id, part_number)
);
