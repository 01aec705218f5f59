-- A story's picture gets the words a newsroom publishes with it (docs/product/api-pictures.md):
-- alt text for those who cannot see it, a caption and a credit, plain text, each optional. The
-- revisions keep them as they keep the picture itself, so a restore brings them back together.
ALTER TABLE stories ADD COLUMN featured_image_alt TEXT CHECK (featured_image_alt IS NULL OR length(featured_image_alt) <= 300);
ALTER TABLE stories ADD COLUMN featured_image_caption TEXT CHECK (featured_image_caption IS NULL OR length(featured_image_caption) <= 500);
ALTER TABLE stories ADD COLUMN featured_image_credit TEXT CHECK (featured_image_credit IS NULL OR length(featured_image_credit) <= 200);
ALTER TABLE story_revisions ADD COLUMN featured_image_alt TEXT;
ALTER TABLE story_revisions ADD COLUMN featured_image_caption TEXT;
ALTER TABLE story_revisions ADD COLUMN featured_image_credit TEXT;

-- Public lists are newest first by the time a story went public (docs/product/api-pictures.md,
-- "Order of public lists"): the home page and the feeds read this one; the beat and author pages
-- have theirs since 0011.
CREATE INDEX stories_published_order ON stories (published_at DESC) WHERE status = 'published' AND deleted_at IS NULL;
