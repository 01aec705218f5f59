-- Who may read a story whole (issue 29, docs/product/api.md "Members and reader revenue", decision 090):
-- public (everyone), members (any signed-in reader), paid (a reader with paid access).
ALTER TABLE stories ADD COLUMN access TEXT NOT NULL DEFAULT 'public' CHECK (access IN ('public', 'members', 'paid'));

-- A live blog is coverage for everyone: it is never gated (its updates arrive one by one, to every reader).
CREATE TRIGGER stories_live_blogs_are_public_insert BEFORE INSERT ON stories
WHEN new.format = 'liveblog' AND new.access <> 'public'
BEGIN
  SELECT RAISE(ABORT, 'a live blog is public');
END;

CREATE TRIGGER stories_live_blogs_are_public_update BEFORE UPDATE OF access ON stories
WHEN new.format = 'liveblog' AND new.access <> 'public'
BEGIN
  SELECT RAISE(ABORT, 'a live blog is public');
END;

-- The search index must never match a gated story on words readers without access cannot see. The
-- body is split in two columns: body_text is what every reader may read (the whole text of a public
-- story, the opening of a gated one), locked_text the rest (empty for a public story). Readers' search
-- matches title, description and body_text only; staff search all four (src/adapters/d1/d1-story-search.ts).
ALTER TABLE stories ADD COLUMN locked_text TEXT NOT NULL DEFAULT '';

DROP TRIGGER story_search_insert;
DROP TRIGGER story_search_update;
DROP TRIGGER story_search_delete;
DROP TABLE story_search;

CREATE VIRTUAL TABLE story_search USING fts5(
  title, description, body_text, locked_text,
  content = 'stories', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO story_search (rowid, title, description, body_text, locked_text)
SELECT id, title, description, body_text, locked_text FROM stories WHERE deleted_at IS NULL;

CREATE TRIGGER story_search_insert AFTER INSERT ON stories WHEN new.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (rowid, title, description, body_text, locked_text) VALUES (new.id, new.title, new.description, new.body_text, new.locked_text);
END;

CREATE TRIGGER story_search_update AFTER UPDATE OF title, description, body_text, locked_text, deleted_at ON stories
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text, locked_text)
  SELECT 'delete', old.id, old.title, old.description, old.body_text, old.locked_text WHERE old.deleted_at IS NULL;
  INSERT INTO story_search (rowid, title, description, body_text, locked_text)
  SELECT new.id, new.title, new.description, new.body_text, new.locked_text WHERE new.deleted_at IS NULL;
END;

CREATE TRIGGER story_search_delete AFTER DELETE ON stories WHEN old.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text, locked_text) VALUES ('delete', old.id, old.title, old.description, old.body_text, old.locked_text);
END;
