import type { Clock, StoryHtmlSanitizer } from '../domain/ports.ts';
import type { AppDeps, Bindings } from './app-deps.ts';
import { Pbkdf2PasswordHasher } from './crypto/pbkdf2-password-hasher.ts';
import { isEmptyContent, sanitizeStoryHtml } from './html/sanitize-story-html.ts';
import { openDb } from './d1/db.ts';
import { D1BeatRepository } from './d1/d1-beat-repository.ts';
import { D1LiveStreamRepository } from './d1/d1-live-stream-repository.ts';
import { D1LoginAttemptRepository } from './d1/d1-login-attempt-repository.ts';
import { D1SessionRepository } from './d1/d1-session-repository.ts';
import { D1StoryRepository } from './d1/d1-story-repository.ts';
import { D1StoryRevisionRepository } from './d1/d1-story-revisions.ts';
import { D1StorySearch } from './d1/d1-story-search.ts';
import { D1CorrectionRepository } from './d1/d1-correction-repository.ts';
import { D1IdempotencyKeyRepository } from './d1/d1-idempotency-key-repository.ts';
import { D1SettingsRepository } from './d1/d1-settings-repository.ts';
import { D1UploadSessionRepository } from './d1/d1-upload-session-repository.ts';
import { D1UserRepository } from './d1/d1-user-repository.ts';
import { D1ReadershipRepository } from './d1/d1-readership-repository.ts';
import { D1ViewFlushes } from './d1/d1-view-flushes.ts';
import { DurableLiveRooms } from './live/durable-live-rooms.ts';
import { readMediaLimits } from './media/media-limits.ts';
import { R2MediaStore } from './r2/r2-media-store.ts';
import { ExactStoryViews } from './views/exact-story-views.ts';
import { ShardedViewCounter } from './views/sharded-view-counter.ts';
import type { ViewCounterDeps } from './views/view-counter-shard.ts';

export const systemClock: Clock = { now: () => new Date().toISOString() };

const storyHtml: StoryHtmlSanitizer = { sanitize: sanitizeStoryHtml, isEmpty: isEmptyContent };

/** The password hasher alone, for tools that hash for a database they reach without bindings. */
export function buildPasswordHasher(pepper: string | undefined) {
  return new Pbkdf2PasswordHasher(pepper ?? '');
}

/**
 * The one place adapters are built; the worker, tests and scripts all come through here. Tools that
 * run outside the worker (getPlatformProxy) cannot reach its Durable Objects: with `exactViews`
 * false their stories carry the views D1 holds (at most VIEW_FLUSH_SECONDS behind), and they count none.
 */
export function buildDeps(env: Bindings, clock: Clock = systemClock, { exactViews = true }: { exactViews?: boolean } = {}): AppDeps {
  const db = openDb(env.DB);
  const readership = new D1ReadershipRepository(db);
  const views = new ShardedViewCounter(env.VIEW_COUNTERS);
  return {
    users: new D1UserRepository(db),
    sessions: new D1SessionRepository(db),
    loginAttempts: new D1LoginAttemptRepository(db),
    beats: new D1BeatRepository(db),
    stories: exactViews ? new ExactStoryViews(new D1StoryRepository(db), views, readership) : new D1StoryRepository(db),
    search: new D1StorySearch(db),
    revisions: new D1StoryRevisionRepository(db),
    corrections: new D1CorrectionRepository(db),
    liveStreams: new D1LiveStreamRepository(db),
    uploads: new D1UploadSessionRepository(db),
    idempotencyKeys: new D1IdempotencyKeyRepository(db),
    settings: new D1SettingsRepository(db),
    views,
    readership,
    storyHtml,
    media: new R2MediaStore(env.MEDIA),
    mediaLimits: readMediaLimits(env),
    liveRooms: new DurableLiveRooms(env.LIVE_STREAMS),
    hasher: buildPasswordHasher(env.PASSWORD_PEPPER),
    clock,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 720),
  };
}

/** Default of VIEW_FLUSH_SECONDS: well inside the minute the breakdowns may lag. */
const DEFAULT_VIEW_FLUSH_SECONDS = 30;

/** What a view counter shard (a Durable Object) is given: where it flushes, and how often. */
export function buildViewCounterDeps(env: Bindings): ViewCounterDeps {
  const seconds = Number(env.VIEW_FLUSH_SECONDS ?? DEFAULT_VIEW_FLUSH_SECONDS);
  return { flushes: new D1ViewFlushes(env.DB), flushSeconds: seconds > 0 ? seconds : DEFAULT_VIEW_FLUSH_SECONDS };
}
