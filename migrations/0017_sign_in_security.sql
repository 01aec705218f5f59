-- Staff sign-in security (issue 20, docs/product/api-sign-in-security.md, decision 050).

-- Sessions: what the profile screen lists. last_seen_at is written at most once every few minutes
-- per session (src/adapters/http/middleware/authenticate.ts), so reads stay reads.
ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT CHECK (user_agent IS NULL OR length(user_agent) <= 512);
UPDATE sessions SET last_seen_at = created_at;

-- A user's TOTP (RFC 6238) secret, AES-GCM encrypted with TWO_FACTOR_KEY (never stored in the
-- clear, never returned after setup). A row without confirmed_at is a setup not finished yet.
-- last_step is the last time step a code was accepted for: a code of that step or older is a replay.
CREATE TABLE totp_secrets (
  user_id          INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
  secret_encrypted TEXT    NOT NULL,
  created_at       TEXT    NOT NULL,
  confirmed_at     TEXT,
  last_step        INTEGER
);

-- Ten single-use recovery codes per confirmed TOTP, kept only as HMAC-SHA256 under the pepper.
CREATE TABLE recovery_codes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  code_hash  TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  used_at    TEXT,
  UNIQUE (user_id, code_hash)
);

-- WebAuthn credentials (passkeys). The public key is COSE, base64url; rp_id is the host it was
-- made for, which a sign-in must match.
CREATE TABLE passkeys (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  credential_id TEXT    NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1024),
  public_key    TEXT    NOT NULL,
  counter       INTEGER NOT NULL DEFAULT 0,
  transports    TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(transports)),
  rp_id         TEXT    NOT NULL,
  name          TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at    TEXT    NOT NULL,
  last_used_at  TEXT
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Short-lived, single-use challenges, kept server-side: the second step of a password sign-in and
-- the WebAuthn ceremonies. id is the SHA-256 of the handle the client holds (for WebAuthn, of the
-- challenge itself); a challenge is deleted by the statement that uses it, so it works once.
CREATE TABLE auth_challenges (
  id         TEXT    PRIMARY KEY,
  purpose    TEXT    NOT NULL CHECK (purpose IN ('sign_in', 'passkey_register', 'passkey_sign_in')),
  user_id    INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  -- What the second step needs from the first: "remember me", the user agent.
  detail     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL
);
CREATE INDEX auth_challenges_expiry ON auth_challenges (expires_at);

-- One-time password reset links an admin makes (valid 24 hours); only the token's SHA-256 is kept.
CREATE TABLE password_resets (
  token_hash         TEXT    PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_by         INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  clear_two_factor   INTEGER NOT NULL CHECK (clear_two_factor IN (0, 1)),
  created_at         TEXT    NOT NULL,
  expires_at         TEXT    NOT NULL,
  used_at            TEXT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- The audit log: append-only. Each entry is written in the same D1 batch as the change it records
-- (src/adapters/d1/audit-entry.ts). actor_id is null for the system (the minute job, a stream
-- that ends by itself) and for a sign-in failure under a name that is no account.
CREATE TABLE audit_log (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  at           TEXT    NOT NULL,
  actor_id     INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  action       TEXT    NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
  target_type  TEXT,
  target_id    INTEGER,
  target_label TEXT,
  detail       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
