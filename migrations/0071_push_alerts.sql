-- Breaking-news alerts sent (issue 31, docs/product/api-alerts.md, decision 101). An alert pushes one
-- story to the subscriptions of one topic, once per story and topic. Its audience is frozen when it
-- starts: the subscriptions to the topic up to `audience_through`, walked in id order into recipient
-- rows, a chunk at a time, each recipient in a batch that is one job of the fan-out (decision 065).
CREATE TABLE push_alerts (
  id               INTEGER PRIMARY KEY,
  story_id         INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  topic            TEXT    NOT NULL CHECK (topic = 'breaking' OR topic GLOB 'beat:[1-9]*'),
  -- What every lock screen shows and where a tap leads, fixed when it is sent.
  title            TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 150),
  body             TEXT    NOT NULL CHECK (length(body) <= 300),
  url              TEXT    NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  icon             TEXT    NOT NULL CHECK (length(icon) BETWEEN 1 AND 2048),
  -- The VAPID contact (RFC 8292 `sub`) push services see.
  contact          TEXT    NOT NULL CHECK (contact LIKE 'mailto:%' OR contact LIKE 'https://%'),
  state            TEXT    NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent')),
  audience_through INTEGER NOT NULL CHECK (audience_through >= 0),
  -- How far the audience is frozen (a subscription id), and into how many batches.
  frozen_through   INTEGER NOT NULL DEFAULT 0,
  batches          INTEGER NOT NULL DEFAULT 0,
  recipients       INTEGER NOT NULL DEFAULT 0 CHECK (recipients >= 0),
  delivered        INTEGER NOT NULL DEFAULT 0 CHECK (delivered >= 0),
  failed           INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0),
  removed          INTEGER NOT NULL DEFAULT 0 CHECK (removed >= 0),
  sent_by          INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at       TEXT    NOT NULL,
  finished_at      TEXT,
  UNIQUE (story_id, topic)
);

-- One row per subscription in an alert's audience: its batch, and what came of it. The subscription
-- is not referenced: it may be removed (a 410, or turned off) while the outcome stays.
CREATE TABLE push_alert_recipients (
  alert_id        INTEGER NOT NULL REFERENCES push_alerts (id) ON DELETE RESTRICT,
  subscription_id INTEGER NOT NULL,
  batch           INTEGER NOT NULL CHECK (batch >= 0),
  state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed', 'removed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  -- The push service's last answer (null: no answer, or not tried yet).
  last_status     INTEGER,
  PRIMARY KEY (alert_id, subscription_id)
) WITHOUT ROWID;
CREATE INDEX push_alert_recipients_batch ON push_alert_recipients (alert_id, batch, state);
