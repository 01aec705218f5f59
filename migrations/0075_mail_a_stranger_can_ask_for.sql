-- Mail a stranger can ask the newsroom to send (issue 37, decision 105).

-- What each mailbox (or staff account) was allowed, per kind, for the caps that count in a window:
-- the subject is the SHA-256 of the mailbox (src/domain/mail/mailbox.ts) or `user:{id}`, so no
-- address is kept here. Taken in one statement that counts and inserts; pruned by the minute job.
CREATE TABLE mail_allowances (
  kind     TEXT NOT NULL CHECK (kind IN ('reader.sign_in', 'newsletter.confirmation', 'staff.password_reset')),
  subject  TEXT NOT NULL CHECK (length(subject) = 64),
  taken_at TEXT NOT NULL
);
CREATE INDEX mail_allowances_count ON mail_allowances (kind, subject, taken_at);
CREATE INDEX mail_allowances_taken ON mail_allowances (taken_at);

-- A sign-in link or a subscription's confirmation asked for, waiting for the fan-out (decision 065) to
-- mail it after the request was answered: the request row and its job are written together; the job
-- decides (suppressed, subscribed already, mailed a moment ago) and deletes the row when done.
CREATE TABLE mail_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kind         TEXT NOT NULL CHECK (kind IN ('sign_in', 'confirmation')),
  email        TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- Newsletter slugs (JSON array): a sign-in link's, or the one newsletter of a confirmation.
  newsletters  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(newsletters)),
  next         TEXT CHECK (next IS NULL OR length(next) <= 500),
  -- The SHA-256 of the asking browser's reader_sign_in cookie (a sign-in link's).
  browser_hash TEXT CHECK (browser_hash IS NULL OR length(browser_hash) = 64),
  -- The site the mail's links point at (SITE_ORIGIN, else the request's).
  origin       TEXT NOT NULL CHECK (length(origin) <= 300),
  created_at   TEXT NOT NULL
);
CREATE INDEX mail_requests_email ON mail_requests (email);
CREATE INDEX mail_requests_created ON mail_requests (created_at);

-- A sign-in link remembers the browser that asked for it: opened elsewhere, the page says whose
-- account it is before signing in.
ALTER TABLE reader_sign_in_links ADD COLUMN browser_hash TEXT CHECK (browser_hash IS NULL OR length(browser_hash) = 64);
