import type { BeatRepository } from '../domain/beats/ports.ts';
import type { Clock } from '../domain/time.ts';
import type { LiveStreamRepository } from '../domain/live-video/ports.ts';
import type { MediaStore, PictureResizer, UploadSessionRepository } from '../domain/media/ports.ts';
import type { StoryHtmlSanitizer, StoryRepository, StoryRevisionRepository, CorrectionRepository } from '../domain/story/ports.ts';
import type { StorySearch } from '../domain/discovery/ports.ts';
import type { IdempotencyKeyRepository } from './http/idempotency.ts';
import type { D1Sessions } from './d1/d1-sessions.ts';
import type { LiveBlogRepository } from '../domain/live-blog/ports.ts';
import type { SettingsRepository } from '../domain/site/ports.ts';
import type { UserRepository } from '../domain/users/ports.ts';
import type { ReadershipRepository, ViewCounter } from '../domain/readership/ports.ts';
import type { AuditLog } from '../domain/audit/ports.ts';
import type {
  AuthChallengeRepository,
  PasswordHasher,
  SessionRepository,
  ExpiredRows,
  LoginAttemptRepository,
  PasskeyCeremonies,
  PasskeyRepository,
  PasswordResetRepository,
  SecondFactorRepository,
  SignInSecrets,
  StaffMail,
  TotpCodes,
} from '../domain/security/ports.ts';
import type { AlertRepository, PushKeys, PushSender, PushSubscriptionRepository } from '../domain/alerts/ports.ts';
import type { LiveRooms } from './live/live-rooms.ts';
import type { ReaderLevels } from '../domain/members/ports.ts';
import type { OneTimeTokens, ReaderMail, ReaderRepository, ReaderSignInRepository } from '../domain/readers/ports.ts';
import type {
  IssueMail,
  NewsletterMail,
  NewsletterRepository,
  SendRepository,
  SignedTokens,
  SubscriptionRepository,
  SuppressionRepository,
} from '../domain/newsletters/ports.ts';
import type { Outbox } from './mail/mail-settings.ts';
import type { JobFanOut } from '../domain/jobs/ports.ts';
import type { MediaLimits } from './media/media-limits.ts';
import type { FediverseDeps } from './federation/fediverse.ts';
import type { RateLimiters } from './http/rate-limiters.ts';
import type { AudioExtractor, CaptionTrackRepository, Transcriber } from '../domain/captions/ports.ts';
import type { MemberFigures, MemberRepository, PaymentGateway, TierRepository } from '../domain/members/revenue-ports.ts';
import type { MailAllowances } from '../domain/mail/allowance.ts';
import type { MailRequests } from '../domain/readers/mail-requests.ts';

/**
 * What the API and the live rooms are given: ports, not the concrete adapters. compose.ts (the
 * worker, the tests and the scripts) is the one place that builds them.
 */
export interface AppDeps {
  /** Each request's D1 session (decision 111); without it every statement goes to the database as bound. */
  d1Sessions?: D1Sessions;
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
  liveRooms: LiveRooms;
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
  /** What a signed-in reader may read: free or paid (docs/product/api.md, "Members and reader revenue"; decision 090). */
  readerLevels: ReaderLevels;
  /** Staff's own account mail: reset links, and notices when their sign-in changes. */
  staffMail: StaffMail;
  /** Caps on mail a stranger can ask for, per mailbox or account (decision 105, decision 105). */
  mailAllowances: MailAllowances;
  /** Sign-in links and confirmations asked for, waiting for the fan-out to mail them (decision 105). */
  mailRequests: MailRequests;
  /** Random single-use tokens and their hashes (sign-in links, reader sessions, confirmations). */
  tokens: OneTimeTokens;
  /** Newsletters (decisions 082, 083): lists, subscribers, suppressions, sends, their mail, signed unsubscribe links. */
  newsletters: NewsletterRepository;
  subscriptions: SubscriptionRepository;
  suppressions: SuppressionRepository;
  sends: SendRepository;
  newsletterMail: NewsletterMail;
  issueMail: IssueMail;
  signedTokens: SignedTokens;
  /** SITE_ORIGIN: the origin mail links and the fediverse's ids are made of (domain/site/site-origin.ts); null when unset. */
  siteOrigin: string | null;
  /** MAIL_WEBHOOK_SECRET: the password of POST /api/newsletters/events (user `mail`). */
  mailWebhookSecret: string | undefined;
  /** The fan-out (decision 065): jobs in D1, their messages on the JOBS queue. */
  jobs: JobFanOut;
  /** The newsroom in the fediverse (docs/product/api-fediverse.md). */
  fediverse: FediverseDeps;
  /** Members and reader revenue (docs/product/api.md, "Members and reader revenue"; decisions 092-094). */
  tiers: TierRepository;
  members: MemberRepository;
  memberFigures: MemberFigures;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE); null without a key: paid parts answer 503. */
  payments: PaymentGateway | null;
  /** Captions (docs/product/api-captions.md): tracks in D1, the transcriber (null: none configured), the videos' audio. */
  captions: CaptionTrackRepository;
  transcriber: Transcriber | null;
  audio: AudioExtractor;
  /** A language's own name for a track's label (`en` -> English). */
  languageName: (lang: string) => string | null;
}
