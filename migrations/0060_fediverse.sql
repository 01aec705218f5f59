-- The newsroom in the fediverse (issue 30, docs/decisions/095-fediverse-with-fedify.md). An account is
-- the newsroom ('newsroom') or a staff member with a published story (their user id, as text): it is
-- the actor's identifier in /ap/actors/{account}, which never changes (handles may).

-- Each account's key pair, made once, the first time the account is asked for. The private key is
-- sealed with TWO_FACTOR_KEY (as TOTP secrets are), bound to its account.
CREATE TABLE fediverse_keys (
  account            TEXT PRIMARY KEY CHECK (length(account) BETWEEN 1 AND 20),
  public_key_pem     TEXT NOT NULL,
  private_key_sealed TEXT NOT NULL,
  created_at         TEXT NOT NULL
);

-- Who follows whom. `inbox` is where deliveries go: the follower's server's shared inbox when it has
-- one, so a story reaches each server once however many of its people follow.
CREATE TABLE fediverse_followers (
  id          INTEGER PRIMARY KEY,
  account     TEXT NOT NULL CHECK (length(account) BETWEEN 1 AND 20),
  actor_uri   TEXT NOT NULL CHECK (length(actor_uri) <= 2048),
  inbox       TEXT NOT NULL CHECK (length(inbox) <= 2048),
  -- The inbox's host (lower case, with its port when it has one): deliveries are grouped and limited by it.
  host        TEXT NOT NULL CHECK (length(host) <= 260),
  -- The follower's own server (blocking a server removes its people).
  actor_host  TEXT NOT NULL CHECK (length(actor_host) <= 260),
  handle      TEXT CHECK (handle IS NULL OR length(handle) <= 300),
  name        TEXT CHECK (name IS NULL OR length(name) <= 300),
  follow_uri  TEXT CHECK (follow_uri IS NULL OR length(follow_uri) <= 2048),
  created_at  TEXT NOT NULL,
  UNIQUE (account, actor_uri)
);
CREATE INDEX fediverse_followers_account_inbox ON fediverse_followers (account, inbox, host);
CREATE INDEX fediverse_followers_inbox ON fediverse_followers (inbox);
CREATE INDEX fediverse_followers_actor_host ON fediverse_followers (actor_host);
CREATE INDEX fediverse_followers_actor ON fediverse_followers (actor_uri);

-- What followers were last sent of each story (kind 'story') and each live blog key event (kind
-- 'update', ref its update id): compared with what the story is now to decide Create, Update or
-- Delete. `generation` goes up when a deleted one is published again (a new object id: servers keep
-- a tombstone of the old one). `seq` goes up on every change, so two runs never both send.
CREATE TABLE fediverse_objects (
  kind        TEXT    NOT NULL CHECK (kind IN ('story', 'update')),
  ref         INTEGER NOT NULL,
  story_id    INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  account     TEXT    NOT NULL,
  generation  INTEGER NOT NULL CHECK (generation >= 1),
  state       TEXT    NOT NULL CHECK (state IN ('live', 'deleted')),
  fingerprint TEXT    NOT NULL,
  seq         INTEGER NOT NULL CHECK (seq >= 1),
  updated_at  TEXT    NOT NULL,
  PRIMARY KEY (kind, ref)
) WITHOUT ROWID;

-- Stories and key events changed since they were last looked at: written by the triggers below in the
-- same write as the change, so no path that publishes, edits, corrects, unpublishes or deletes can
-- forget to tell the followers. `n` goes up on every change; a row is removed only when the run that
-- read it finished and nothing changed since.
CREATE TABLE fediverse_changes (
  kind       TEXT    NOT NULL CHECK (kind IN ('story', 'update')),
  ref        INTEGER NOT NULL,
  n          INTEGER NOT NULL DEFAULT 1,
  changed_at TEXT    NOT NULL,
  PRIMARY KEY (kind, ref)
) WITHOUT ROWID;

-- Only stories that are, or were, published matter; a view (which writes none of these columns) is no change.
CREATE TRIGGER fediverse_story_inserted AFTER INSERT ON stories WHEN new.status = 'published' AND new.deleted_at IS NULL
BEGIN
  INSERT INTO fediverse_changes (kind, ref, changed_at) VALUES ('story', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1, changed_at = excluded.changed_at;
END;

CREATE TRIGGER fediverse_story_changed AFTER UPDATE OF version, status, deleted_at ON stories
WHEN new.status = 'published' OR old.status = 'published'
BEGIN
  INSERT INTO fediverse_changes (kind, ref, changed_at) VALUES ('story', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1, changed_at = excluded.changed_at;
END;

-- A correction is part of what followers see (it moves only the story's updatedAt, not its version).
CREATE TRIGGER fediverse_story_corrected AFTER INSERT ON story_corrections
BEGIN
  INSERT INTO fediverse_changes (kind, ref, changed_at) VALUES ('story', new.story_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1, changed_at = excluded.changed_at;
END;

CREATE TRIGGER fediverse_key_event_inserted AFTER INSERT ON live_blog_updates WHEN new.key_event = 1
BEGIN
  INSERT INTO fediverse_changes (kind, ref, changed_at) VALUES ('update', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1, changed_at = excluded.changed_at;
END;

CREATE TRIGGER fediverse_key_event_changed AFTER UPDATE OF body, key_event, deleted_at ON live_blog_updates
WHEN new.key_event = 1 OR old.key_event = 1
BEGIN
  INSERT INTO fediverse_changes (kind, ref, changed_at) VALUES ('update', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1, changed_at = excluded.changed_at;
END;

-- Every activity sent, as sent (signed afresh for each delivery), and one row per inbox it goes to,
-- frozen when the fan-out starts (decision 065): `batch` groups the inboxes one job delivers to.
CREATE TABLE fediverse_activities (
  id         TEXT    PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  account    TEXT    NOT NULL,
  type       TEXT    NOT NULL CHECK (type IN ('Create', 'Update', 'Delete', 'Announce', 'Accept')),
  story_id   INTEGER REFERENCES stories (id) ON DELETE RESTRICT,
  body       TEXT    NOT NULL CHECK (json_valid(body)),
  inboxes    INTEGER NOT NULL DEFAULT 0,
  created_at TEXT    NOT NULL
);
CREATE INDEX fediverse_activities_story ON fediverse_activities (story_id, created_at DESC) WHERE story_id IS NOT NULL;
CREATE INDEX fediverse_activities_created ON fediverse_activities (created_at);

CREATE TABLE fediverse_deliveries (
  activity_id  TEXT    NOT NULL REFERENCES fediverse_activities (id) ON DELETE CASCADE,
  inbox        TEXT    NOT NULL,
  host         TEXT    NOT NULL,
  batch        INTEGER NOT NULL CHECK (batch >= 0),
  state        TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed', 'gone')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  last_status  INTEGER,
  last_error   TEXT CHECK (last_error IS NULL OR length(last_error) <= 300),
  delivered_at TEXT,
  PRIMARY KEY (activity_id, inbox)
) WITHOUT ROWID;
CREATE INDEX fediverse_deliveries_batch ON fediverse_deliveries (activity_id, batch, state);

-- Replies to our stories from the fediverse, held until staff approve or hide them.
CREATE TABLE fediverse_replies (
  id           INTEGER PRIMARY KEY,
  story_id     INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  note_uri     TEXT    NOT NULL UNIQUE CHECK (length(note_uri) <= 2048),
  url          TEXT CHECK (url IS NULL OR length(url) <= 2048),
  actor_uri    TEXT    NOT NULL CHECK (length(actor_uri) <= 2048),
  actor_name   TEXT CHECK (actor_name IS NULL OR length(actor_name) <= 300),
  actor_handle TEXT CHECK (actor_handle IS NULL OR length(actor_handle) <= 300),
  actor_url    TEXT CHECK (actor_url IS NULL OR length(actor_url) <= 2048),
  host         TEXT    NOT NULL,
  -- Sanitised HTML (links and paragraphs only).
  content      TEXT    NOT NULL CHECK (length(content) <= 20000),
  published_at TEXT    NOT NULL,
  state        TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'hidden')),
  received_at  TEXT    NOT NULL,
  moderated_by INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  moderated_at TEXT
);
CREATE INDEX fediverse_replies_state ON fediverse_replies (state, received_at DESC);
CREATE INDEX fediverse_replies_story ON fediverse_replies (story_id, state, published_at);
CREATE INDEX fediverse_replies_actor ON fediverse_replies (actor_uri);
CREATE INDEX fediverse_replies_host ON fediverse_replies (host);

-- Likes and boosts of our stories, one per person and kind; an Undo names the activity it takes back.
CREATE TABLE fediverse_reactions (
  activity_uri TEXT    PRIMARY KEY CHECK (length(activity_uri) <= 2048),
  story_id     INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  kind         TEXT    NOT NULL CHECK (kind IN ('like', 'boost')),
  actor_uri    TEXT    NOT NULL CHECK (length(actor_uri) <= 2048),
  host         TEXT    NOT NULL,
  created_at   TEXT    NOT NULL,
  UNIQUE (story_id, kind, actor_uri)
);
CREATE INDEX fediverse_reactions_host ON fediverse_reactions (host);

-- Accounts (their actor URI) and whole servers (their host) staff have blocked: refused at the inbox.
CREATE TABLE fediverse_blocks (
  id         INTEGER PRIMARY KEY,
  kind       TEXT    NOT NULL CHECK (kind IN ('account', 'server')),
  value      TEXT    NOT NULL CHECK (length(value) BETWEEN 1 AND 2048),
  created_by INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at TEXT    NOT NULL,
  UNIQUE (kind, value)
);

-- Fedify's key-value store (remote keys it fetched, activities it has seen): our own, in D1.
CREATE TABLE fediverse_kv (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  expires_at INTEGER
) WITHOUT ROWID;
CREATE INDEX fediverse_kv_expires ON fediverse_kv (expires_at) WHERE expires_at IS NOT NULL;
