-- Caption tracks of a story's video (issue 39, docs/product/api-captions.md, decisions 125-127): cues
-- per language, where they came from and whether a person checked them. `video_url` is the video the
-- cues were timed against; a new video replaces the `auto` tracks, never `uploaded` or `edited` ones.
-- `cues` is JSON ([{start, end, text}], seconds), `transcript` their words for search; both bounded
-- by what a 1 MB caption file holds.
CREATE TABLE caption_tracks (
  id          TEXT    PRIMARY KEY,
  story_id    INTEGER NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  video_url   TEXT    NOT NULL CHECK (length(video_url) BETWEEN 1 AND 2048),
  lang        TEXT    NOT NULL CHECK (length(lang) BETWEEN 2 AND 35),
  label       TEXT    NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  source      TEXT    NOT NULL CHECK (source IN ('auto', 'uploaded', 'edited')),
  state       TEXT    NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
  reviewed    INTEGER NOT NULL DEFAULT 0 CHECK (reviewed IN (0, 1)),
  version     INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  cues        TEXT    NOT NULL DEFAULT '[]' CHECK (length(cues) <= 1900000),
  transcript  TEXT    NOT NULL DEFAULT '' CHECK (length(transcript) <= 1000000),
  error       TEXT    CHECK (error IS NULL OR length(error) <= 500),
  -- The live stream these captions follow (its recording keeps them), null for a file's.
  stream_id   INTEGER REFERENCES live_streams (id) ON DELETE SET NULL,
  created_at  TEXT    NOT NULL,
  updated_at  TEXT    NOT NULL
);

CREATE INDEX caption_tracks_by_story ON caption_tracks (story_id, created_at);
CREATE INDEX caption_tracks_by_stream ON caption_tracks (stream_id) WHERE stream_id IS NOT NULL;
