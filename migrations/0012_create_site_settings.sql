-- Site-wide settings an admin changes from the app (docs/product/api.md): one row per setting,
-- its value a JSON document whose shape the setting's owner defines and validates (the security
-- policy, the site's social handles, ...). A missing row means the setting's default.
CREATE TABLE site_settings (
  key        TEXT    PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 100),
  value      TEXT    NOT NULL CHECK (json_valid(value)),
  updated_at TEXT    NOT NULL,
  updated_by INTEGER REFERENCES users (id) ON DELETE RESTRICT
);
