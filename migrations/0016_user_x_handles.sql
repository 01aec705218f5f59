-- A staff member's handle on X (docs/product/api-pictures.md, "Link previews"): shown as
-- twitter:creator on their stories' pages. Letters, digits and underscores, at most 15, stored with its "@".
ALTER TABLE users ADD COLUMN x_handle TEXT CHECK (x_handle IS NULL OR (length(x_handle) BETWEEN 2 AND 16 AND x_handle GLOB '@*'));
