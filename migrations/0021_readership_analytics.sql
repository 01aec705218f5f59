-- Readership analytics (issue 22, docs/decisions/060-view-counters-flush-to-d1.md). No reader, address
-- or user agent is kept anywhere: a counted view is only its story, UTC hour, source, referrer host
-- and device class.

-- Views per story and UTC hour and breakdown, added up in the view counters (Durable Objects) and
-- flushed here in batches: a flush adds its counts to the existing rows (upsert by adding).
CREATE TABLE story_view_hours (
  story_id      INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  -- The hour's start, ISO-8601 UTC, as 2026-05-01T14:00:00.000Z: text order is time order.
  hour          TEXT    NOT NULL CHECK (length(hour) = 24 AND hour LIKE '____-__-__T__:00:00.000Z'),
  source        TEXT    NOT NULL CHECK (source IN ('search', 'social', 'news', 'direct', 'other')),
  -- '' for no referrer, or the site itself.
  referrer_host TEXT    NOT NULL DEFAULT '' CHECK (length(referrer_host) <= 255),
  device        TEXT    NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop')),
  views         INTEGER NOT NULL CHECK (views > 0),
  PRIMARY KEY (story_id, hour, source, referrer_host, device)
) WITHOUT ROWID;
-- The site's and a reporter's reports read a range of hours across stories.
CREATE INDEX story_view_hours_hour ON story_view_hours (hour);

-- Every flush applied, written in the same batch as its counts: a flush sent again (its answer was
-- lost when the process died) finds its id here and adds nothing twice. Rows older than a week go.
CREATE TABLE view_flushes (
  id         TEXT    PRIMARY KEY CHECK (length(id) <= 64),
  flushed_at TEXT    NOT NULL,
  views      INTEGER NOT NULL,
  rows       INTEGER NOT NULL
);
CREATE INDEX view_flushes_flushed_at ON view_flushes (flushed_at);

-- A live stream's audience, one row per minute on air: the most viewers at once in that minute,
-- and the viewer-seconds watched in it (their sum over the stream is its viewer-minutes).
CREATE TABLE stream_audience_minutes (
  stream_id      INTEGER NOT NULL REFERENCES live_streams (id) ON DELETE RESTRICT,
  minute         TEXT    NOT NULL CHECK (length(minute) = 24 AND minute LIKE '____-__-__T__:__:00.000Z'),
  viewers        INTEGER NOT NULL CHECK (viewers >= 0),
  viewer_seconds INTEGER NOT NULL CHECK (viewer_seconds >= 0),
  PRIMARY KEY (stream_id, minute)
) WITHOUT ROWID;
