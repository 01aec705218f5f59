-- Staff accounts. Users are deactivated, never deleted, so their stories keep a byline.
CREATE TABLE users (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  username      TEXT    NOT NULL COLLATE NOCASE UNIQUE CHECK (length(username) BETWEEN 1 AND 50),
  email         TEXT    NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 100),
  password_hash TEXT    NOT NULL,
  role          TEXT    NOT NULL DEFAULT 'reporter' CHECK (role IN ('reporter', 'admin')),
  is_active     INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  first_name    TEXT    CHECK (first_name IS NULL OR length(first_name) <= 50),
  last_name     TEXT    CHECK (last_name IS NULL OR length(last_name) <= 50),
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX users_role_active ON users (role, is_active);

-- Opaque bearer tokens, stored only as their SHA-256 hash.
CREATE TABLE sessions (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash  TEXT    NOT NULL UNIQUE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  TEXT    NOT NULL,
  expires_at  TEXT    NOT NULL,
  revoked_at  TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-ins per normalised identifier, for the lockout.
CREATE TABLE login_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  identifier   TEXT NOT NULL,
  attempted_at TEXT NOT NULL
);
CREATE INDEX login_attempts_identifier_time ON login_attempts (identifier, attempted_at);
