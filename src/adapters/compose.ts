import type { Clock } from '../domain/time.ts';
import type { StoryHtmlSanitizer } from '../domain/story/ports.ts';
import type { AppDeps } from './app-deps.ts';
import { Pbkdf2PasswordHasher } from './crypto/pbkdf2-password-hasher.ts';
import { isEmptyContent, sanitizeStoryHtml } from './html/sanitize-story-html.ts';
import { openDb } from './d1/db.ts';
import { D1Sessions } from './d1/d1-sessions.ts';
import { countingD1 } from './d1/query-count.ts';
import { D1BeatRepository } from './d1/d1-beat-repository.ts';
import { D1LiveStreamRepository } from './d1/d1-live-stream-repository.ts';
import { D1LoginAttemptRepository } from './d1/d1-login-attempt-repository.ts';
import { D1SessionRepository } from './d1/d1-session-repository.ts';
import { D1StoryRepository } from './d1/d1-story-repository.ts';
import { D1StoryRevisionRepository } from './d1/d1-story-revisions.ts';
import { D1StorySearch } from './d1/d1-story-search.ts';
import { D1CorrectionRepository } from './d1/d1-correction-repository.ts';
import { D1IdempotencyKeyRepository } from './d1/d1-idempotency-key-repository.ts';
import { D1LiveBlogRepository } from './d1/d1-live-blog-repository.ts';
import { D1SettingsRepository } from './d1/d1-settings-repository.ts';
import { D1UploadSessionRepository } from './d1/d1-upload-session-repository.ts';
import { D1UserRepository } from './d1/d1-user-repository.ts';
import { D1ReadershipRepository } from './d1/d1-readership-repository.ts';
import { D1ViewFlushes } from './d1/d1-view-flushes.ts';
import { DurableLiveRooms } from './live/durable-live-rooms.ts';
import { readMediaLimits } from './media/media-limits.ts';
import { R2MediaStore } from './r2/r2-media-store.ts';
import { ImagesBindingResizer } from './media/images-binding-resizer.ts';
import { SecretBox } from './crypto/secret-box.ts';
import { PepperedSignInSecrets } from './crypto/one-time-codes.ts';
import { hashSessionToken, newSessionToken } from './crypto/session-tokens.ts';
import { SealedTotpCodes } from './crypto/sealed-totp-codes.ts';
import { webAuthnCeremonies } from './crypto/webauthn.ts';
import { D1ExpiredRows } from './d1/d1-expired-rows.ts';
import { SITE_NAME } from '../domain/site/site-links.ts';
import { D1AuditLog } from './d1/d1-audit-log.ts';
import { D1AuthChallengeRepository } from './d1/d1-auth-challenge-repository.ts';
import { D1PasskeyRepository } from './d1/d1-passkey-repository.ts';
import { D1PasswordResetRepository } from './d1/d1-password-reset-repository.ts';
import { D1SecondFactorRepository } from './d1/d1-second-factor-repository.ts';
import { D1AlertRepository } from './d1/d1-alert-repository.ts';
import { D1CaptionTrackRepository } from './d1/d1-caption-track-repository.ts';
import { StoredVideoAudio } from './media/stored-video-audio.ts';
import { transcriberFromEnv } from './transcribe/transcriber-from-env.ts';
import { D1PushSubscriptionRepository } from './d1/d1-push-subscription-repository.ts';
import { VapidSigner, vapidKeysFrom } from './push/vapid.ts';
import { WebPushSender } from './push/web-push-sender.ts';
import { D1JobLedger } from './d1/d1-job-ledger.ts';
import { CloudflareJobQueue } from './queues/cloudflare-job-queue.ts';
import { ExactStoryViews } from './readership/exact-story-views.ts';
import { ShardedViewCounter } from './readership/sharded-view-counter.ts';
import type { ViewCounterDeps } from './readership/view-counter-shard.ts';
import { rateLimitersOf } from './http/rate-limiters.ts';
import type { OneTimeTokens } from '../domain/readers/ports.ts';
import { D1ReaderRepository } from './d1/d1-reader-repository.ts';
import { D1ReaderLevels } from './d1/d1-reader-levels.ts';
import { D1ReaderSignInRepository } from './d1/d1-reader-sign-in-repository.ts';
import { openOutbox } from './mail/mail-settings.ts';
import { OutboxStaffMail } from './mail/staff-mail.ts';
import { OutboxReaderMail } from './mail/reader-mail.ts';
import { buildFediverse } from './federation/fediverse.ts';
import { OutboxNewsletterMail } from './mail/newsletter-mail.ts';
import { HmacSignedTokens } from './crypto/signed-tokens.ts';
import { D1NewsletterRepository } from './d1/d1-newsletter-repository.ts';
import { D1SubscriptionRepository } from './d1/d1-subscription-repository.ts';
import { D1SendRepository } from './d1/d1-send-repository.ts';
import { D1TierRepository } from './d1/d1-tier-repository.ts';
import { D1MemberRepository } from './d1/d1-member-repository.ts';
import { D1MemberFigures } from './d1/d1-member-figures.ts';
import { StripeGateway } from './stripe/stripe-gateway.ts';
import { parseSiteOrigin } from '../domain/site/site-origin.ts';
import { D1MailAllowances } from './d1/d1-mail-allowances.ts';
import { D1MailRequests } from './d1/d1-mail-requests.ts';

export const systemClock: Clock = { now: () => new Date().toISOString() };

const storyHtml: StoryHtmlSanitizer = { sanitize: sanitizeStoryHtml, isEmpty: isEmptyContent };

/** Readers' sign-in links and sessions: 256 random bits, kept as SHA-256 (the staff's session tokens' kind). */
const tokens: OneTimeTokens = { create: newSessionToken, hash: hashSessionToken };

/** The password hasher alone, for tools that hash for a database they reach without bindings. */
export function buildPasswordHasher(pepper: string | undefined) {
  return new Pbkdf2PasswordHasher(pepper ?? '');
}

const runOn = (work: Promise<unknown>): void => void work;

/**
 * The one place adapters are built; the worker, tests and scripts all come through here. Tools that
 * run outside the worker (getPlatformProxy) cannot reach its Durable Objects: with `exactViews`
 * false their stories carry the views D1 holds (at most VIEW_FLUSH_SECONDS behind), and they count none.
 * `afterAnswer` keeps work alive after a request's answer (the worker passes workerd's waitUntil;
 * in Node the promise simply runs on).
 */
export function buildDeps(
  env: Env,
  clock: Clock = systemClock,
  { exactViews = true, afterAnswer = runOn }: { exactViews?: boolean; afterAnswer?: (work: Promise<unknown>) => void } = {},
): AppDeps {
  // Each request's statements go through its own D1 session (decision 111).
  const d1Sessions = new D1Sessions(env.DB, new HmacSignedTokens(env.PASSWORD_PEPPER ?? '', 'd1-bookmark'));
  // The benchmark's honest count of what D1 is asked (query-count.ts); off unless served with the flag.
  const db = openDb(env.COUNT_D1_QUERIES === '1' ? countingD1(d1Sessions.database) : d1Sessions.database);
  const readership = new D1ReadershipRepository(db);
  const views = new ShardedViewCounter(env.VIEW_COUNTERS);
  const storedStories = new D1StoryRepository(db);
  const secretBox = new SecretBox(env.TWO_FACTOR_KEY);
  const jobs = { ledger: new D1JobLedger(db), queue: new CloudflareJobQueue(env.JOBS) };
  const outbox = openOutbox(env);
  const newsletters = new D1NewsletterRepository(db);
  const sends = new D1SendRepository(db);
  const newsletterMail = new OutboxNewsletterMail(outbox, clock);
  const media = new R2MediaStore(env.MEDIA);
  return {
    d1Sessions,
    users: new D1UserRepository(db),
    sessions: new D1SessionRepository(db),
    loginAttempts: new D1LoginAttemptRepository(db),
    beats: new D1BeatRepository(db),
    stories: exactViews ? new ExactStoryViews(storedStories, views, readership) : storedStories,
    storedStories,
    search: new D1StorySearch(db),
    revisions: new D1StoryRevisionRepository(db),
    corrections: new D1CorrectionRepository(db),
    liveStreams: new D1LiveStreamRepository(db),
    uploads: new D1UploadSessionRepository(db),
    idempotencyKeys: new D1IdempotencyKeyRepository(db),
    settings: new D1SettingsRepository(db),
    liveBlogs: new D1LiveBlogRepository(db),
    views,
    readership,
    storyHtml,
    media,
    pictures: env.IMAGES ? new ImagesBindingResizer(env.IMAGES) : null,
    mediaLimits: readMediaLimits(env),
    liveRooms: new DurableLiveRooms(env.LIVE_STREAMS),
    hasher: buildPasswordHasher(env.PASSWORD_PEPPER),
    clock,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 720),
    challenges: new D1AuthChallengeRepository(db),
    secondFactors: new D1SecondFactorRepository(db),
    passkeys: new D1PasskeyRepository(db),
    passwordResets: new D1PasswordResetRepository(db),
    audit: new D1AuditLog(db),
    secrets: new PepperedSignInSecrets(env.PASSWORD_PEPPER ?? ''),
    totp: new SealedTotpCodes(secretBox, SITE_NAME),
    ceremonies: webAuthnCeremonies,
    expiredRows: new D1ExpiredRows(db),
    rateLimiters: rateLimitersOf(env),
    jobs,
    fediverse: buildFediverse(db, secretBox, clock, { allowPrivate: env.FEDERATION_ALLOW_PRIVATE === '1', queue: jobs.queue }),
    pushSubscriptions: new D1PushSubscriptionRepository(db),
    alerts: new D1AlertRepository(db),
    push: webPush(env),
    pushAllowPrivate: env.PUSH_ALLOW_PRIVATE === '1',
    outbox,
    readers: new D1ReaderRepository(db),
    readerSignIns: new D1ReaderSignInRepository(db),
    readerMail: new OutboxReaderMail(outbox, clock),
    readerLevels: new D1ReaderLevels(db),
    staffMail: new OutboxStaffMail(outbox, clock, afterAnswer),
    tokens,
    mailAllowances: new D1MailAllowances(db),
    mailRequests: new D1MailRequests(db),
    newsletters,
    subscriptions: new D1SubscriptionRepository(db, (id) => newsletters.findById(id)),
    suppressions: sends,
    sends,
    newsletterMail,
    issueMail: newsletterMail,
    signedTokens: new HmacSignedTokens(env.PASSWORD_PEPPER ?? '', 'unsubscribe'),
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET || undefined,
    siteOrigin: configuredSiteOrigin(env.SITE_ORIGIN),
    tiers: new D1TierRepository(db),
    members: new D1MemberRepository(db),
    memberFigures: new D1MemberFigures(db),
    payments: env.STRIPE_SECRET_KEY
      ? new StripeGateway(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET || null, env.STRIPE_API_BASE || undefined)
      : null,
    captions: new D1CaptionTrackRepository(db),
    transcriber: transcriberFromEnv(env),
    audio: new StoredVideoAudio(media),
    languageName,
  };
}

/** SITE_ORIGIN, read once; a setting that is not an origin is said in the log and left out. */
function configuredSiteOrigin(text: string | undefined): string | null {
  const origin = parseSiteOrigin(text);
  if (text?.trim() && origin === null) console.error(`SITE_ORIGIN is not an http(s) origin (${text}): links use each request's own`);
  return origin;
}

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** A language's name in English (`en` -> English), or null where the runtime has no names. */
function languageName(lang: string): string | null {
  try {
    return languageNames?.of(lang) ?? null;
  } catch {
    return null;
  }
}

/** Web Push with the worker's VAPID keys; without them it still checks keys, and alerts answer 503. */
function webPush(env: Env): WebPushSender {
  const keys = vapidKeysFrom(env);
  return new WebPushSender(keys ? new VapidSigner(keys) : null);
}

/** Default of VIEW_FLUSH_SECONDS: well inside the minute the breakdowns may lag. */
const DEFAULT_VIEW_FLUSH_SECONDS = 30;

/** What a view counter shard (a Durable Object) is given: where it flushes, and how often. */
export function buildViewCounterDeps(env: Env): ViewCounterDeps {
  const seconds = Number(env.VIEW_FLUSH_SECONDS ?? DEFAULT_VIEW_FLUSH_SECONDS);
  return { flushes: new D1ViewFlushes(env.DB), flushSeconds: seconds > 0 ? seconds : DEFAULT_VIEW_FLUSH_SECONDS };
}
