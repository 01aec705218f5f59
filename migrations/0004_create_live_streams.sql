CREATE TABLE live_streams (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  story_id   INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  stream_key TEXT    NOT NULL UNIQUE CHECK (length(stream_key) <= 100),
  is_active  INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
  viewers    INTEGER NOT NULL DEFAULT 0,
  started_at TEXT,
  ended_at   TEXT,
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX live_streams_active ON live_streams (is_active) WHERE is_active = 1;
CREATE INDEX live_streams_story ON live_streams (story_id);
