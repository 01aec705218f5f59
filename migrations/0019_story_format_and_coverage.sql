-- Live blogs (docs/product/api-liveblogs.md): a story's format, chosen when it is created and never
-- changed afterwards, and for a live blog its coverage, live or ended. Articles have no coverage.
ALTER TABLE stories ADD COLUMN format TEXT NOT NULL DEFAULT 'article' CHECK (format IN ('article', 'liveblog'));
ALTER TABLE stories ADD COLUMN coverage TEXT CHECK (coverage IS NULL OR coverage IN ('live', 'ended'));
-- When coverage ended (the JSON-LD's coverageEndTime); cleared when it is reopened.
ALTER TABLE stories ADD COLUMN coverage_ended_at TEXT;

-- Whatever code asks, a story keeps the format it was created with, and only a live blog has coverage.
CREATE TRIGGER stories_format_is_fixed BEFORE UPDATE OF format ON stories WHEN new.format IS NOT old.format
BEGIN
  SELECT RAISE(ABORT, 'a story keeps its format');
END;

CREATE TRIGGER stories_coverage_only_for_live_blogs_insert BEFORE INSERT ON stories
WHEN (new.format = 'liveblog') <> (new.coverage IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'coverage belongs to live blogs');
END;

CREATE TRIGGER stories_coverage_only_for_live_blogs_update BEFORE UPDATE OF coverage ON stories
WHEN (new.format = 'liveblog') <> (new.coverage IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'coverage belongs to live blogs');
END;
