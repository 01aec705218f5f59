import type {
  BeatRepository,
  Clock,
  LiveStreamRepository,
  MediaStore,
  PictureResizer,
  PasswordHasher,
  SessionRepository,
  StoryHtmlSanitizer,
  StoryRepository,
  StoryRevisionRepository,
  StorySearch,
  CorrectionRepository,
  IdempotencyKeyRepository,
  LiveBlogRepository,
  SettingsRepository,
  UploadSessionRepository,
  UserRepository,
  ReadershipRepository,
  ViewCounter,
} from '../domain/ports.ts';
import type {
  AuditLog,
  AuthChallengeRepository,
  ExpiredRows,
  LoginAttemptRepository,
  PasskeyCeremonies,
  PasskeyRepository,
  PasswordResetRepository,
  SecondFactorRepository,
  SignInSecrets,
  TotpCodes,
} from '../domain/security-ports.ts';
import type { OneTimeTokens, ReaderMail, ReaderRepository, ReaderSignInRepository } from '../domain/readers/ports.ts';
import type { Outbox, MailVars } from './mail/mail-settings.ts';
import type { JobMessage } from '../domain/jobs/job.ts';
import type { JobFanOut } from '../domain/jobs/ports.ts';
import type { DurableLiveRooms } from './live/durable-live-rooms.ts';
import type { MediaLimits, MediaLimitVars } from './media/media-limits.ts';
import type { LiveStreamRoom } from './live/live-stream-room.ts';
import type { ViewCounterShard } from './views/view-counter-shard.ts';
import type { RateLimiters } from './http/middleware/rate-limit.ts';

/**
 * What the API and the live rooms are given: ports, not the concrete adapters. compose.ts (the
 * worker, the tests and the scripts) is the one place that builds them.
 */
export interface AppDeps {
  users: UserRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptRepository;
  beats: BeatRepository;
  stories: StoryRepository;
  /** Stories as D1 holds them, views possibly one flush behind: for reads that never show views. */
  storedStories: StoryRepository;
  search: StorySearch;
  revisions: StoryRevisionRepository;
  corrections: CorrectionRepository;
  liveStreams: LiveStreamRepository;
  uploads: UploadSessionRepository;
  idempotencyKeys: IdempotencyKeyRepository;
  settings: SettingsRepository;
  liveBlogs: LiveBlogRepository;
  /** Exact view counts, aggregated in Durable Objects (decision 060); `stories` reads its totals. */
  views: ViewCounter;
  readership: ReadershipRepository;
  storyHtml: StoryHtmlSanitizer;
  media: MediaStore;
  /** Resized pictures for /media/{key}?w= (decision 047); null where no Images binding is bound (pictures are then served as stored). */
  pictures: PictureResizer | null;
  mediaLimits: MediaLimits;
  liveRooms: DurableLiveRooms;
  hasher: PasswordHasher;
  clock: Clock;
  sessionTtlHours: number;
  /** Sign-in security (docs/product/api-sign-in-security.md). */
  challenges: AuthChallengeRepository;
  secondFactors: SecondFactorRepository;
  passkeys: PasskeyRepository;
  passwordResets: PasswordResetRepository;
  audit: AuditLog;
  /** Tokens and keyed hashes (the pepper keys the names' and recovery codes' hashes). */
  secrets: SignInSecrets;
  /** TOTP codes, their secrets sealed at rest (TWO_FACTOR_KEY). */
  totp: TotpCodes;
  /** WebAuthn ceremonies (passkeys). */
  ceremonies: PasskeyCeremonies;
  /** What the minute job deletes once it can no longer be used (decision 050's list). */
  expiredRows: ExpiredRows;
  /** Request-rate limits of anonymous writes (decision 070); null when RATE_LIMITS is off. */
  rateLimiters: RateLimiters;
  /** Mail that leaves by SMTP (SMTP_URL, MAIL_FROM, DKIM_*; decision 080), or why it cannot. */
  outbox: Outbox;
  /** Reader accounts (docs/product/api.md, "Readers and newsletters"; decision 081). */
  readers: ReaderRepository;
  readerSignIns: ReaderSignInRepository;
  readerMail: ReaderMail;
  /** Random single-use tokens and their hashes (sign-in links, reader sessions). */
  tokens: OneTimeTokens;
  /** The fan-out (decision 065): jobs in D1, their messages on the JOBS queue. */
  jobs: JobFanOut;
}

/** The bindings and settings the adapters are built from (wrangler.toml, .dev.vars, secrets). */
export interface Bindings extends MediaLimitVars, MailVars {
  DB: D1Database;
  MEDIA: R2Bucket;
  IMAGES?: ImagesBinding;
  LIVE_STREAMS: DurableObjectNamespace<LiveStreamRoom>;
  VIEW_COUNTERS: DurableObjectNamespace<ViewCounterShard>;
  /** The fan-out's queue (decision 065). */
  JOBS: Queue<JobMessage>;
  /** The longest a counted view waits to reach D1's figures (default 30). */
  VIEW_FLUSH_SECONDS?: string;
  PASSWORD_PEPPER?: string;
  /** 32 random bytes, base64: the AES-GCM key TOTP secrets are stored under. */
  TWO_FACTOR_KEY?: string;
  SESSION_TTL_HOURS?: string;
  /** `1` counts every D1 statement for the benchmark (d1/query-count.ts, GET /api/health/d1). */
  COUNT_D1_QUERIES?: string;
  /** The request-rate limits' bindings (wrangler.toml [[ratelimits]]), and `off` to turn them off. */
  RATE_LIMIT_SIGN_IN?: RateLimit;
  RATE_LIMIT_VIEWS?: RateLimit;
  RATE_LIMIT_SUBSCRIBE?: RateLimit;
  RATE_LIMITS?: string;
}
