-- The newsroom's working day (docs/product/api.md): two more statuses, `scheduled` and `in_review`, and the
-- columns they need. SQLite cannot change a CHECK constraint in place, so the table is rebuilt
-- with the same columns, constraints and indexes. live_streams and upload_sessions reference
-- stories by name; deferring the foreign keys lets the old table go and the new one take its
-- name within this one migration, and every reference holds again when it commits.
PRAGMA defer_foreign_keys = on;

CREATE TABLE stories_next (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  title              TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  slug               TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 255),
  description        TEXT    NOT NULL,
  content            TEXT    NOT NULL,
  author_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  beat_id            INTEGER REFERENCES beats (id) ON DELETE SET NULL,
  status             TEXT    NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'in_review', 'scheduled', 'published', 'archived')),
  is_live            INTEGER NOT NULL DEFAULT 0 CHECK (is_live IN (0, 1)),
  is_featured        INTEGER NOT NULL DEFAULT 0 CHECK (is_featured IN (0, 1)),
  featured_image_url TEXT    CHECK (featured_image_url IS NULL OR length(featured_image_url) <= 500),
  video_url          TEXT,
  thumbnail_url      TEXT,
  attachments        TEXT    NOT NULL DEFAULT '[]',
  views              INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  version            INTEGER NOT NULL DEFAULT 1,
  published_at       TEXT,
  created_at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  deleted_at         TEXT,
  -- When a scheduled story goes out (required for `scheduled`), or the time its author asks for in review.
  publish_at         TEXT,
  -- An admin's note when a review sends the story back; seen only by its author and admins.
  review_note        TEXT    CHECK (review_note IS NULL OR length(review_note) <= 1000),
  -- When the story last entered review: the queue is oldest first by this.
  submitted_at       TEXT,
  CHECK (status <> 'scheduled' OR publish_at IS NOT NULL)
);

INSERT INTO stories_next (
  id, title, slug, description, content, author_id, beat_id, status, is_live, is_featured, featured_image_url,
  video_url, thumbnail_url, attachments, views, version, published_at, created_at, updated_at, deleted_at
)
SELECT
  id, title, slug, description, content, author_id, beat_id, status, is_live, is_featured, featured_image_url,
  video_url, thumbnail_url, attachments, views, version, published_at, created_at, updated_at, deleted_at
FROM stories;

DROP TABLE stories;
ALTER TABLE stories_next RENAME TO stories;

CREATE INDEX stories_status_created ON stories (status, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_author_created ON stories (author_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_beat_created ON stories (beat_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_featured ON stories (updated_at DESC) WHERE is_featured = 1 AND status = 'published' AND deleted_at IS NULL;
CREATE INDEX stories_created ON stories (created_at DESC) WHERE deleted_at IS NULL;
-- The publishing job's question every minute: which scheduled stories are due.
CREATE INDEX stories_scheduled_due ON stories (publish_at) WHERE status = 'scheduled' AND deleted_at IS NULL;
-- The review queue, oldest first.
CREATE INDEX stories_review_queue ON stories (submitted_at, id) WHERE status = 'in_review' AND deleted_at IS NULL;

PRAGMA defer_foreign_keys = off;
