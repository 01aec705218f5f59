-- Reader accounts (issue 28, docs/product/api.md "Readers and newsletters", decision 081).
-- Readers are not staff: no password, no role. They sign in with a link mailed to their address.

CREATE TABLE readers (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Lower case, ASCII, at most 254 characters (src/domain/mail/address.ts): one mailbox, one reader.
  email             TEXT    NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
  name              TEXT    CHECK (name IS NULL OR length(name) BETWEEN 1 AND 100),
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL,
  last_signed_in_at TEXT
);

-- Sign-in links: single use, 15 minutes, only the token's SHA-256 kept. The reader may not exist
-- yet (following the link creates them). session_hash names the session the link opened, so the
-- statements of the batch that uses it act on that redemption only.
CREATE TABLE reader_sign_in_links (
  token_hash   TEXT PRIMARY KEY,
  email        TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- Newsletter slugs to subscribe to when the link is followed (JSON array).
  newsletters  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(newsletters)),
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  used_at      TEXT,
  session_hash TEXT
);
CREATE INDEX reader_sign_in_links_email ON reader_sign_in_links (email, created_at);
CREATE INDEX reader_sign_in_links_expiry ON reader_sign_in_links (expires_at);
CREATE UNIQUE INDEX reader_sign_in_links_session ON reader_sign_in_links (session_hash) WHERE session_hash IS NOT NULL;

-- A reader's sessions: the reader_session cookie holds the token, the table its SHA-256. Signing
-- out deletes the row, so the cookie stops working at once.
CREATE TABLE reader_sessions (
  token_hash TEXT    PRIMARY KEY,
  reader_id  INTEGER NOT NULL REFERENCES readers (id) ON DELETE RESTRICT,
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL
);
CREATE INDEX reader_sessions_reader ON reader_sessions (reader_id);
CREATE INDEX reader_sessions_expiry ON reader_sessions (expires_at);
