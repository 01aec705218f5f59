-- Readership source `email` (issue 28, docs/product/api-analytics.md "Sources"): a view reached by a
-- newsletter's link (utm_medium=email) or from a webmail site. SQLite cannot change a CHECK constraint
-- in place, so story_view_hours is rebuilt with the same columns, key and index and every row kept.
-- No table references it; its own reference to stories holds for every row copied.

CREATE TABLE story_view_hours_next (
  story_id      INTEGER NOT NULL REFERENCES stories (id) ON DELETE RESTRICT,
  -- The hour's start, ISO-8601 UTC, as 2026-05-01T14:00:00.000Z: text order is time order.
  hour          TEXT    NOT NULL CHECK (length(hour) = 24 AND hour LIKE '____-__-__T__:00:00.000Z'),
  source        TEXT    NOT NULL CHECK (source IN ('search', 'social', 'news', 'email', 'direct', 'other')),
  -- '' for no referrer, or the site itself.
  referrer_host TEXT    NOT NULL DEFAULT '' CHECK (length(referrer_host) <= 255),
  device        TEXT    NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop')),
  views         INTEGER NOT NULL CHECK (views > 0),
  PRIMARY KEY (story_id, hour, source, referrer_host, device)
) WITHOUT ROWID;

INSERT INTO story_view_hours_next (story_id, hour, source, referrer_host, device, views)
SELECT story_id, hour, source, referrer_host, device, views FROM story_view_hours;

DROP TABLE story_view_hours;
ALTER TABLE story_view_hours_next RENAME TO story_view_hours;

-- The site's and a reporter's reports read a range of hours across stories.
CREATE INDEX story_view_hours_hour ON story_view_hours (hour);
