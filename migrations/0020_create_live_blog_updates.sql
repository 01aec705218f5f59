-- A live blog's updates (docs/product/api-liveblogs.md, decision 055).
--
-- Every write of an update (posting, editing, pinning, unpinning, deleting) takes the next number
-- of one newsroom-wide change clock and stores it in `seq`; a new update's id is that same number.
-- So "every change after N" is one range on (story_id, seq), whether N is a cursor the feed gave
-- or the id of an update a reader has, and readers catch edits and deletions the same way as new
-- updates. Deleted updates stay as rows with deleted_at set (their seq tells readers to drop them).
CREATE TABLE live_blog_clock (
  id  INTEGER PRIMARY KEY CHECK (id = 1),
  seq INTEGER NOT NULL CHECK (seq >= 0)
);
INSERT INTO live_blog_clock (id, seq) VALUES (1, 0);

CREATE TABLE live_blog_updates (
  id         INTEGER PRIMARY KEY,
  story_id   INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  author_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- Sanitised HTML, as story content is; 1 to 20,000 characters of text (checked by the service).
  body       TEXT    NOT NULL CHECK (length(body) BETWEEN 1 AND 200000),
  key_event  INTEGER NOT NULL DEFAULT 0 CHECK (key_event IN (0, 1)),
  pinned     INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
  -- The edit-conflict token: goes up on every write of this update.
  version    INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  seq        INTEGER NOT NULL,
  created_at TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  deleted_at TEXT,
  CHECK (deleted_at IS NULL OR pinned = 0)
);
-- The feed, newest first, and older pages.
CREATE INDEX live_blog_updates_feed ON live_blog_updates (story_id, id DESC) WHERE deleted_at IS NULL;
-- Changes after a cursor.
CREATE UNIQUE INDEX live_blog_updates_changes ON live_blog_updates (story_id, seq);
-- At most one pinned update per live blog, whatever code asks.
CREATE UNIQUE INDEX live_blog_updates_one_pinned ON live_blog_updates (story_id) WHERE pinned = 1;
-- Key events, for the reader's list.
CREATE INDEX live_blog_updates_key_events ON live_blog_updates (story_id, id DESC) WHERE key_event = 1 AND deleted_at IS NULL;
