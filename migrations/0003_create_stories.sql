-- author_id is RESTRICT: deleting a user must never take its stories with it.
CREATE TABLE stories (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  title              TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  slug               TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 255),
  description        TEXT    NOT NULL,
  content            TEXT    NOT NULL,
  author_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  beat_id            INTEGER REFERENCES beats (id) ON DELETE SET NULL,
  status             TEXT    NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
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
  -- Set by a delete; the row stays so a delete can be undone and nothing is lost.
  deleted_at         TEXT
);
CREATE INDEX stories_status_created ON stories (status, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_author_created ON stories (author_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_beat_created ON stories (beat_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX stories_featured ON stories (updated_at DESC) WHERE is_featured = 1 AND status = 'published' AND deleted_at IS NULL;
CREATE INDEX stories_created ON stories (created_at DESC) WHERE deleted_at IS NULL;
