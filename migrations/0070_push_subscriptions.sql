-- Breaking-news alerts (issue 31, docs/product/api-alerts.md, decision 101): the browsers that asked for
-- them. A subscription is what the browser's PushManager gave the page: the push service's endpoint (a
-- capability URL: whoever knows it may post to that browser, so it is never shown back) and the keys
-- messages are encrypted with. One row per endpoint: subscribing again replaces the keys and topics.
-- No reader, address or user agent is kept.
CREATE TABLE push_subscriptions (
  id          INTEGER PRIMARY KEY,
  endpoint    TEXT    NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 8 AND 2048),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), unpadded base64url.
  p256dh      TEXT    NOT NULL CHECK (length(p256dh) = 87),
  auth        TEXT    NOT NULL CHECK (length(auth) = 22),
  created_at  TEXT    NOT NULL,
  updated_at  TEXT    NOT NULL
);

-- What each subscription follows: 'breaking', or 'beat:{beat id}' (a beat by id: its slug follows its
-- name, decision 036). Keyed by topic first: an alert freezes its audience by walking one topic in
-- subscription order.
CREATE TABLE push_subscription_topics (
  topic           TEXT    NOT NULL CHECK (topic = 'breaking' OR topic GLOB 'beat:[1-9]*'),
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  PRIMARY KEY (topic, subscription_id)
) WITHOUT ROWID;
CREATE INDEX push_subscription_topics_subscription ON push_subscription_topics (subscription_id);
