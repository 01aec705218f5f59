-- Beat pages live at /beat/{slug} and author pages show a bio (docs/product/api.md, "Finding the news").
-- A beat's slug is made from its name by the story slug rule (src/domain/slug.ts); the app writes
-- it on every create and rename (src/services/beat-save.ts). Existing beats get it here: the same
-- rule in SQL (keep a-z, 0-9, spaces and hyphens of the lowercased name; spaces become hyphens;
-- hyphen runs collapse; hyphens trimmed), then a beat whose slug an older beat has takes "-{id}".
ALTER TABLE beats ADD COLUMN slug TEXT CHECK (slug IS NULL OR length(slug) BETWEEN 1 AND 255);

UPDATE beats SET slug = (
  WITH RECURSIVE kept(i, out) AS (
    SELECT 1, ''
    UNION ALL
    SELECT i + 1, out || CASE
      WHEN substr(lower(beats.name), i, 1) GLOB '[a-z0-9 -]' THEN substr(lower(beats.name), i, 1)
      WHEN substr(beats.name, i, 1) IN (char(9), char(10), char(13)) THEN ' '
      ELSE '' END
    FROM kept WHERE i <= length(beats.name)
  )
  SELECT nullif(trim(replace(replace(replace(replace(replace(replace(replace(replace(trim(out), ' ', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), '')
  FROM kept ORDER BY i DESC LIMIT 1
);
UPDATE beats SET slug = 'beat' WHERE slug IS NULL;
UPDATE beats SET slug = slug || '-' || id WHERE EXISTS (SELECT 1 FROM beats older WHERE older.slug = beats.slug AND older.id < beats.id);

CREATE UNIQUE INDEX beats_slug ON beats (slug);

-- A short plain-text bio for the author page, edited by the user or an admin.
ALTER TABLE users ADD COLUMN bio TEXT CHECK (bio IS NULL OR length(bio) <= 500);

-- An author page lists one author's published stories, newest first.
CREATE INDEX stories_author_published ON stories (author_id, published_at DESC) WHERE status = 'published' AND deleted_at IS NULL;
-- A beat page lists one beat's published stories, newest first.
CREATE INDEX stories_beat_published ON stories (beat_id, published_at DESC) WHERE status = 'published' AND deleted_at IS NULL;
