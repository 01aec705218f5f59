-- Revision history (docs/decisions/031): a full copy of what a save changed, written in the same
-- atomic batch as the story. editor_id is RESTRICT like every reference to users: users are
-- deactivated, never deleted, so a revision keeps its editor.
CREATE TABLE story_revisions (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  story_id           INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  -- The story's version this revision is a copy of.
  version            INTEGER NOT NULL,
  editor_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  title              TEXT    NOT NULL,
  slug               TEXT    NOT NULL,
  description        TEXT    NOT NULL,
  content            TEXT    NOT NULL,
  status             TEXT    NOT NULL,
  video_url          TEXT,
  featured_image_url TEXT,
  created_at         TEXT    NOT NULL,
  UNIQUE (story_id, version)
);
CREATE INDEX story_revisions_story ON story_revisions (story_id, version DESC);

-- Corrections are the public record: they are added, never edited or removed, and the database
-- refuses to do either whatever code asks it to.
CREATE TABLE story_corrections (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  story_id   INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  author_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  note       TEXT    NOT NULL CHECK (length(note) BETWEEN 1 AND 1000),
  created_at TEXT    NOT NULL
);
CREATE INDEX story_corrections_story ON story_corrections (story_id, created_at, id);

CREATE TRIGGER story_corrections_are_permanent_update BEFORE UPDATE ON story_corrections
BEGIN
  SELECT RAISE(ABORT, 'corrections are permanent');
END;

CREATE TRIGGER story_corrections_are_permanent_delete BEFORE DELETE ON story_corrections
BEGIN
  SELECT RAISE(ABORT, 'corrections are permanent');
END;
