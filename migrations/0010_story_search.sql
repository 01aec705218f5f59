-- Full-text search over stories (docs/decisions/035). FTS5 with the stories table as its external
-- content: the index keeps only terms and positions, the text stays in `stories`.
--
-- `body_text` is the story's content as plain text: the repository writes it with every write of
-- `content` (src/domain/story-text.ts), so the index never sees markup. Triggers keep the index in
-- step with every insert, edit, soft delete and restore inside the same statement, whichever code
-- path writes: a save, a review, a restore, the minute publishing job. Every story that is not
-- deleted is indexed, whatever its status (staff search their drafts too); who may see which
-- status is decided by each query, so publishing and unpublishing change no index row at all.
ALTER TABLE stories ADD COLUMN body_text TEXT NOT NULL DEFAULT '';

-- The two private-use characters search snippets use as match delimiters never stay in a story
-- (the repository removes them from what it writes; these are older rows).
UPDATE stories SET title = replace(replace(title, char(57344), ''), char(57345), ''), description = replace(replace(description, char(57344), ''), char(57345), '')
WHERE instr(title || description, char(57344)) > 0 OR instr(title || description, char(57345)) > 0;

-- Existing stories: their content with tags and the common entities removed (new writes go
-- through story-text.ts). The recursion takes out one tag per step.
UPDATE stories SET body_text = (
  WITH RECURSIVE strip(s) AS (
    SELECT stories.content
    UNION ALL
    SELECT substr(s, 1, instr(s, '<') - 1) || ' ' || substr(s, instr(s, '<') + instr(substr(s, instr(s, '<')), '>'))
    FROM strip WHERE instr(s, '<') > 0 AND instr(substr(s, instr(s, '<')), '>') > 0
  )
  SELECT replace(replace(replace(replace(replace(replace(replace(replace(s, char(57344), ''), char(57345), ''), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
  FROM strip ORDER BY length(s) LIMIT 1
);

-- unicode61 with remove_diacritics 2: case and accents ignored ("levée" finds "levee").
-- prefix = '2 3': prefix queries of two and three characters read a prefix index, not every term.
CREATE VIRTUAL TABLE story_search USING fts5(
  title, description, body_text,
  content = 'stories', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO story_search (rowid, title, description, body_text)
SELECT id, title, description, body_text FROM stories WHERE deleted_at IS NULL;

-- An external-content index must be told the old text to remove it, exactly as it was indexed:
-- a row leaves only if it was in (not deleted), and comes back only if it is in now.
CREATE TRIGGER story_search_insert AFTER INSERT ON stories WHEN new.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (rowid, title, description, body_text) VALUES (new.id, new.title, new.description, new.body_text);
END;

-- Only writes of the indexed columns or of deleted_at: counting a view or publishing touches no index row.
CREATE TRIGGER story_search_update AFTER UPDATE OF title, description, body_text, deleted_at ON stories
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text)
  SELECT 'delete', old.id, old.title, old.description, old.body_text WHERE old.deleted_at IS NULL;
  INSERT INTO story_search (rowid, title, description, body_text)
  SELECT new.id, new.title, new.description, new.body_text WHERE new.deleted_at IS NULL;
END;

CREATE TRIGGER story_search_delete AFTER DELETE ON stories WHEN old.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text) VALUES ('delete', old.id, old.title, old.description, old.body_text);
END;

-- Who may see a hit is asked of this index, not of the story rows: a story's row is long (its
-- content comes before status), and a search for a common word checks thousands of hits.
CREATE INDEX stories_search_visibility ON stories (id, status, author_id, beat_id) WHERE deleted_at IS NULL;
