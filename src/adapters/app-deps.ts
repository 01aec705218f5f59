import type {
  BeatRepository,
  Clock,
  LiveStreamRepository,
  LoginAttemptRepository,
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
  PasskeyRepository,
  PasswordResetRepository,
  SecondFactorRepository,
} from '../domain/security-ports.ts';
import type { AlertRepository, PushKeys, PushSender, PushSubscriptionRepository } from '../domain/alerts/ports.ts';
import type { OneTimeTokens, ReaderMail, ReaderRepository, ReaderSignInRepository } from '../domain/readers/ports.ts';
import type { Outbox, MailVars } from './mail/mail-settings.ts';
import type { JobMessage } from '../domain/jobs/job.ts';
import type { JobFanOut } from '../domain/jobs/ports.ts';
import type { DurableLiveRooms } from './live/durable-live-rooms.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { MediaLimits, MediaLimitVars } from './media/media-limits.ts';
import type { LiveStreamRoom } from './live/live-stream-room.ts';
import type { ViewCounterShard } from './views/view-counter-shard.ts';

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
  /** Seals TOTP secrets at rest (TWO_FACTOR_KEY). */
  secretBox: SecretBox;
  /** Keys the recovery codes' hashes (the same secret as the passwords'). */
  pepper: string;
  /** Breaking-news alerts (docs/product/api-alerts.md): readers' subscriptions, and Web Push itself. */
  pushSubscriptions: PushSubscriptionRepository;
  alerts: AlertRepository;
  push: PushSender & PushKeys;
  /** PUSH_ALLOW_PRIVATE=1: endpoints on this machine or over http are taken (local tests only). */
  pushAllowPrivate: boolean;
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
  /** Web Push's application server keys (VAPID, base64url): made by `npm start` into .dev.vars; secrets in production. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** `1` lets push endpoints be http or on private hosts (a push receiver on this machine, in tests). */
  PUSH_ALLOW_PRIVATE?: string;
  /** `1` counts every D1 statement for the benchmark (d1/query-count.ts, GET /api/health/d1). */
  COUNT_D1_QUERIES?: string;
}
