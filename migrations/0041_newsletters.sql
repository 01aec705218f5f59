-- Newsletters, subscriptions, suppressions and sends (issue 28, docs/product/api-readers.md, decisions 082 and 083).

CREATE TABLE newsletters (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  slug        TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 255),
  name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description TEXT    NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  beat_id     INTEGER REFERENCES beats (id) ON DELETE RESTRICT,
  sender_name TEXT    CHECK (sender_name IS NULL OR length(sender_name) BETWEEN 1 AND 100),
  is_active   INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_at  TEXT    NOT NULL,
  updated_at  TEXT    NOT NULL
);

-- One row per newsletter and address (lower case, as readers are). A reader's newsletters are the
-- subscribed rows of their address, so subscribing needs no account. A pending row waits for its
-- confirmation link (double opt-in): only the token's SHA-256 is kept.
CREATE TABLE subscriptions (
  id                      INTEGER PRIMARY KEY AUTOINCREMENT,
  newsletter_id           INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE RESTRICT,
  email                   TEXT    NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  status                  TEXT    NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
  source                  TEXT    NOT NULL CHECK (source IN ('form', 'account', 'sign_in', 'import')),
  confirmed_via           TEXT    CHECK (confirmed_via IS NULL OR confirmed_via IN ('link', 'signed_in', 'sign_in_link', 'import')),
  confirmation_hash       TEXT    UNIQUE,
  confirmation_expires_at TEXT,
  confirmation_sent_at    TEXT,
  created_at              TEXT    NOT NULL,
  subscribed_at           TEXT,
  unsubscribed_at         TEXT,
  UNIQUE (newsletter_id, email)
);
CREATE INDEX subscriptions_email ON subscriptions (email);
CREATE INDEX subscriptions_list ON subscriptions (newsletter_id, status, id);

-- Addresses no newsletter mails again: a hard bounce or a spam complaint (Postmark's webhook).
CREATE TABLE suppressions (
  email      TEXT PRIMARY KEY CHECK (length(email) BETWEEN 3 AND 254),
  reason     TEXT NOT NULL CHECK (reason IN ('hard_bounce', 'complaint')),
  created_at TEXT NOT NULL
);

-- A story sent to a newsletter: once per story and newsletter. `origin` is the site the mail's
-- links point at (the request that asked for the send knew it; the queue consumer does not).
-- The figures are kept here, moved by the batches as they finish and by bounce and complaint events.
CREATE TABLE sends (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  story_id      INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE RESTRICT,
  state         TEXT    NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  origin        TEXT    NOT NULL,
  created_by    INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  recipients    INTEGER NOT NULL DEFAULT 0,
  delivered     INTEGER NOT NULL DEFAULT 0,
  failed        INTEGER NOT NULL DEFAULT 0,
  bounced       INTEGER NOT NULL DEFAULT 0,
  complained    INTEGER NOT NULL DEFAULT 0,
  unsubscribed  INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT    NOT NULL,
  started_at    TEXT,
  finished_at   TEXT,
  UNIQUE (story_id, newsletter_id)
);
CREATE INDEX sends_newsletter ON sends (newsletter_id, id);
CREATE INDEX sends_queued ON sends (state) WHERE state = 'queued';

-- The audience, frozen when the send starts (confirmed, not suppressed), cut into batches of 100:
-- each batch is one job on the fan-out (decision 065). A recipient's status moves once, from
-- queued, in the same write that records its batch's outcome. A deleted reader's rows lose their
-- address (email NULL): the send keeps its counts.
CREATE TABLE send_recipients (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  send_id INTEGER NOT NULL REFERENCES sends (id) ON DELETE RESTRICT,
  batch   INTEGER NOT NULL,
  email   TEXT,
  status  TEXT    NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped', 'bounced', 'complained')),
  sent_at TEXT,
  UNIQUE (send_id, email)
);
CREATE INDEX send_recipients_batch ON send_recipients (send_id, batch, status);
CREATE INDEX send_recipients_email ON send_recipients (email, id);
