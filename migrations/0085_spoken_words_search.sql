-- Search finds a story by the words spoken in its video (issue 39, docs/product/api-captions.md,
-- decision 129): the words of the story's ready caption tracks (caption_tracks.transcript) join the
-- search index. `video_words` holds them, kept in step with every change of a track by the triggers
-- below, whichever code path writes. As the body is (migration 0050), the index reads them split by
-- who may read them: `spoken_text` (generated) is them for a public story, `locked_spoken_text` for a
-- gated one (readers' searches never read it; staff searches do). Being generated from `access`,
-- they follow a change of access with no write of their own (the index trigger reindexes on it).
ALTER TABLE stories ADD COLUMN video_words TEXT NOT NULL DEFAULT '';
ALTER TABLE stories ADD COLUMN spoken_text TEXT GENERATED ALWAYS AS (CASE WHEN access = 'public' THEN video_words ELSE '' END) VIRTUAL;
ALTER TABLE stories ADD COLUMN locked_spoken_text TEXT GENERATED ALWAYS AS (CASE WHEN access = 'public' THEN '' ELSE video_words END) VIRTUAL;

DROP TRIGGER story_search_insert;
DROP TRIGGER story_search_update;
DROP TRIGGER story_search_delete;
DROP TABLE story_search;

CREATE VIRTUAL TABLE story_search USING fts5(
  title, description, body_text, locked_text, spoken_text, locked_spoken_text,
  content = 'stories', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- Existing tracks' words.
UPDATE stories SET video_words = coalesce((SELECT group_concat(transcript, ' ') FROM caption_tracks t WHERE t.story_id = stories.id AND t.state = 'ready'), '')
WHERE id IN (SELECT story_id FROM caption_tracks WHERE state = 'ready');

INSERT INTO story_search (rowid, title, description, body_text, locked_text, spoken_text, locked_spoken_text)
SELECT id, title, description, body_text, locked_text, spoken_text, locked_spoken_text FROM stories WHERE deleted_at IS NULL;

CREATE TRIGGER story_search_insert AFTER INSERT ON stories WHEN new.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (rowid, title, description, body_text, locked_text, spoken_text, locked_spoken_text)
  VALUES (new.id, new.title, new.description, new.body_text, new.locked_text, new.spoken_text, new.locked_spoken_text);
END;

-- `access` is here because the spoken words' columns are generated from it.
CREATE TRIGGER story_search_update AFTER UPDATE OF title, description, body_text, locked_text, video_words, access, deleted_at ON stories
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text, locked_text, spoken_text, locked_spoken_text)
  SELECT 'delete', old.id, old.title, old.description, old.body_text, old.locked_text, old.spoken_text, old.locked_spoken_text WHERE old.deleted_at IS NULL;
  INSERT INTO story_search (rowid, title, description, body_text, locked_text, spoken_text, locked_spoken_text)
  SELECT new.id, new.title, new.description, new.body_text, new.locked_text, new.spoken_text, new.locked_spoken_text WHERE new.deleted_at IS NULL;
END;

CREATE TRIGGER story_search_delete AFTER DELETE ON stories WHEN old.deleted_at IS NULL
BEGIN
  INSERT INTO story_search (story_search, rowid, title, description, body_text, locked_text, spoken_text, locked_spoken_text)
  VALUES ('delete', old.id, old.title, old.description, old.body_text, old.locked_text, old.spoken_text, old.locked_spoken_text);
END;

-- The story's spoken words again, from its ready tracks. Only writes of a ready track (or of one
-- becoming or leaving ready) touch the story: a pending track's reindex nothing.
CREATE TRIGGER caption_tracks_words_insert AFTER INSERT ON caption_tracks WHEN new.state = 'ready'
BEGIN
  UPDATE stories SET video_words = coalesce((SELECT group_concat(transcript, ' ') FROM caption_tracks t WHERE t.story_id = new.story_id AND t.state = 'ready'), '')
  WHERE id = new.story_id;
END;

CREATE TRIGGER caption_tracks_words_update AFTER UPDATE OF state, transcript ON caption_tracks
WHEN old.state = 'ready' OR new.state = 'ready'
BEGIN
  UPDATE stories SET video_words = coalesce((SELECT group_concat(transcript, ' ') FROM caption_tracks t WHERE t.story_id = new.story_id AND t.state = 'ready'), '')
  WHERE id = new.story_id;
END;

CREATE TRIGGER caption_tracks_words_delete AFTER DELETE ON caption_tracks WHEN old.state = 'ready'
BEGIN
  UPDATE stories SET video_words = coalesce((SELECT group_concat(transcript, ' ') FROM caption_tracks t WHERE t.story_id = old.story_id AND t.state = 'ready'), '')
  WHERE id = old.story_id;
END;
