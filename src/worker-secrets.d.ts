/**
 * What the worker reads besides wrangler.toml's bindings and [vars]: secrets (.dev.vars locally,
 * `wrangler secret put` in production) and optional settings `npm start` or a benchmark passes. The
 * rest of `Env` is generated from wrangler.toml by `npm run cf-typegen` (src/worker-configuration.d.ts),
 * which leaves .dev.vars out so that these stay optional: a new secret or setting is added here.
 */
interface WorkerSecrets {
  /** 32+ random characters that key every password hash (decision 003). */
  PASSWORD_PEPPER?: string;
  /** 32 random bytes, base64: the AES-GCM key TOTP secrets are stored under. */
  TWO_FACTOR_KEY?: string;
  /** `1` counts every D1 statement for the benchmark (d1/query-count.ts, GET /api/health/d1). */
  COUNT_D1_QUERIES?: string;
  /** Where mail leaves (smtp:// or smtps://, decision 080); `npm start` sets a local one when unset. */
  SMTP_URL?: string;
  MAIL_FROM?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  /**
   * The site's public origin (`https://news.example`): links in mail and the fediverse's ids are made
   * of it, never of a request's Host. `npm start` sets it to its own address.
   */
  SITE_ORIGIN?: string;
  /** `1` lets federation reach private and loopback addresses and plain http (tests on one machine; never in production). */
  FEDERATION_ALLOW_PRIVATE?: string;
  /** The password of the user `mail` on POST /api/newsletters/events (Postmark's webhook); unset, the call is refused. */
  MAIL_WEBHOOK_SECRET?: string;
  /** `off` turns the request-rate limits (wrangler.toml's [[ratelimits]], decision 070) off: load tests, benchmarks. */
  RATE_LIMITS?: string;
  /** Web Push's application server keys (VAPID, base64url): made by `npm start` into .dev.vars; secrets in production. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** `1` lets push endpoints be http or on private hosts (a push receiver on this machine, in tests). */
  PUSH_ALLOW_PRIVATE?: string;
  /** Stripe's secret API key (decision 092); without it free membership works and paid parts answer 503. */
  STRIPE_SECRET_KEY?: string;
  /** The webhook endpoint's signing secret (whsec_...): POST /api/stripe/webhook checks events with it. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Sends every Stripe call to a stand-in of Stripe's API instead (tests, e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE?: string;
  /** A server speaking OpenAI's transcription API (the endpoint itself, .../v1/audio/transcriptions): captions (decision 126). */
  TRANSCRIBE_URL?: string;
  /** Sent as a Bearer token to TRANSCRIBE_URL when set. */
  TRANSCRIBE_API_KEY?: string;
  /** The `model` field sent to TRANSCRIBE_URL (default whisper-1). */
  TRANSCRIBE_MODEL?: string;
  /** Workers AI, where wrangler.toml binds it (`[ai] binding = "AI"`): captions by @cf/openai/whisper-large-v3-turbo. */
  AI?: Ai;
}
// wrangler's generated Env (worker-configuration.d.ts) is both Cloudflare.Env and the global Env.
/* eslint-disable @typescript-eslint/no-empty-object-type -- declaration merging adds WorkerSecrets to Env */
declare namespace Cloudflare {
  interface Env extends WorkerSecrets {}
}
interface Env extends WorkerSecrets {}
