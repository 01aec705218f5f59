-- Members and reader revenue (issue 29, docs/product/api.md "Members and reader revenue", decisions 090-094).
-- Stripe holds the money and the subscriptions; these tables hold what the newsroom needs to decide
-- access and to count: its tiers (and the Stripe product and prices made for them), which Stripe
-- customer each reader is, the latest known state of each subscription, comps, payments, and the
-- Stripe events already handled.

CREATE TABLE member_tiers (
  id                      INTEGER PRIMARY KEY AUTOINCREMENT,
  name                    TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description             TEXT    NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  -- ISO 4217, lower case; both prices in it. Amounts in its smallest unit (cents).
  currency                TEXT    NOT NULL CHECK (length(currency) = 3),
  monthly_amount          INTEGER NOT NULL CHECK (monthly_amount > 0),
  yearly_amount           INTEGER NOT NULL CHECK (yearly_amount > 0),
  is_active               INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  stripe_product_id       TEXT    NOT NULL UNIQUE,
  stripe_monthly_price_id TEXT    NOT NULL UNIQUE,
  stripe_yearly_price_id  TEXT    NOT NULL UNIQUE,
  created_at              TEXT    NOT NULL,
  updated_at              TEXT    NOT NULL
);

-- Prices a tier had before its amounts changed: subscriptions made on them still name the tier.
CREATE TABLE member_tier_prices (
  stripe_price_id TEXT    PRIMARY KEY,
  tier_id         INTEGER NOT NULL REFERENCES member_tiers (id),
  interval        TEXT    NOT NULL CHECK (interval IN ('month', 'year')),
  amount          INTEGER NOT NULL,
  created_at      TEXT    NOT NULL
);
CREATE INDEX member_tier_prices_tier ON member_tier_prices (tier_id);

-- The Stripe customer a reader became at their first Checkout.
CREATE TABLE member_customers (
  reader_id          INTEGER PRIMARY KEY REFERENCES readers (id) ON DELETE RESTRICT,
  stripe_customer_id TEXT    NOT NULL UNIQUE,
  created_at         TEXT    NOT NULL
);

-- Each subscription as Stripe last said it was. A reader keeps it after deleting their account only
-- as a row without a reader (the figures' history).
CREATE TABLE member_subscriptions (
  stripe_subscription_id TEXT    PRIMARY KEY,
  stripe_customer_id     TEXT    NOT NULL,
  reader_id              INTEGER REFERENCES readers (id) ON DELETE RESTRICT,
  tier_id                INTEGER REFERENCES member_tiers (id),
  -- Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused.
  status                 TEXT    NOT NULL,
  interval               TEXT    CHECK (interval IS NULL OR interval IN ('month', 'year')),
  amount                 INTEGER NOT NULL DEFAULT 0,
  currency               TEXT    NOT NULL,
  current_period_end     TEXT,
  cancel_at_period_end   INTEGER NOT NULL DEFAULT 0 CHECK (cancel_at_period_end IN (0, 1)),
  canceled_at            TEXT,
  started_at             TEXT    NOT NULL,
  -- Paid access: from the first state that gave it, to when it stops (null while it lasts; after a
  -- cancellation, the end of the paid period).
  paid_from              TEXT,
  access_ends_at         TEXT,
  -- When the state written here was read from Stripe: a write of an older read never replaces it.
  synced_at              TEXT    NOT NULL,
  updated_at             TEXT    NOT NULL
);
CREATE INDEX member_subscriptions_reader ON member_subscriptions (reader_id, paid_from);
CREATE INDEX member_subscriptions_customer ON member_subscriptions (stripe_customer_id);
-- The figures read these: paid members by when access began and ended, cancellations by month.
CREATE INDEX member_subscriptions_paid_from ON member_subscriptions (paid_from) WHERE paid_from IS NOT NULL;
CREATE INDEX member_subscriptions_access_end ON member_subscriptions (access_ends_at) WHERE access_ends_at IS NOT NULL;
-- The minute job looks for live subscriptions whose period ended without news from Stripe.
CREATE INDEX member_subscriptions_period ON member_subscriptions (current_period_end) WHERE access_ends_at IS NULL;

-- Complimentary memberships an admin gave: paid access without paying. At most one open per reader.
CREATE TABLE member_comps (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  reader_id  INTEGER REFERENCES readers (id) ON DELETE RESTRICT,
  started_at TEXT    NOT NULL,
  ended_at   TEXT,
  started_by INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  ended_by   INTEGER REFERENCES users (id) ON DELETE RESTRICT
);
CREATE UNIQUE INDEX member_comps_open ON member_comps (reader_id) WHERE ended_at IS NULL;
CREATE INDEX member_comps_started ON member_comps (started_at);
CREATE INDEX member_comps_ended ON member_comps (ended_at) WHERE ended_at IS NOT NULL;

-- Money that came in: subscription invoices and one-off gifts. Refunds are what Stripe says was
-- refunded in all (a number that only grows), never a sum of what we were told.
CREATE TABLE member_payments (
  id                     INTEGER PRIMARY KEY AUTOINCREMENT,
  kind                   TEXT    NOT NULL CHECK (kind IN ('subscription', 'donation')),
  -- The invoice (a subscription's payment) or the Checkout session (a gift): one row each.
  stripe_ref             TEXT    NOT NULL UNIQUE,
  reader_id              INTEGER REFERENCES readers (id) ON DELETE RESTRICT,
  -- A gift's address as Stripe collected it (readers' own are on their row); cleared with the reader.
  email                  TEXT    CHECK (email IS NULL OR length(email) <= 254),
  stripe_subscription_id TEXT,
  payment_intent         TEXT,
  amount                 INTEGER NOT NULL CHECK (amount >= 0),
  currency               TEXT    NOT NULL,
  refunded_amount        INTEGER NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  status                 TEXT    NOT NULL CHECK (status IN ('paid', 'failed', 'refunded', 'partially_refunded')),
  occurred_at            TEXT    NOT NULL,
  updated_at             TEXT    NOT NULL
);
CREATE INDEX member_payments_reader ON member_payments (reader_id, occurred_at);
CREATE INDEX member_payments_kind ON member_payments (kind, occurred_at);
CREATE INDEX member_payments_intent ON member_payments (payment_intent) WHERE payment_intent IS NOT NULL;

-- Stripe events handled (each once); the minute job forgets them after 30 days (Stripe retries for 3).
CREATE TABLE stripe_events (
  id         TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  type       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  handled_at TEXT NOT NULL
);
CREATE INDEX stripe_events_handled ON stripe_events (handled_at);
