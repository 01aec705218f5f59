import type { PictureFormat } from './picture.ts';
import type {
  ActiveLiveStream,
  Beat,
  Correction,
  LiveBlogUpdate,
  LiveStream,
  SearchHit,
  Story,
  StoryRevision,
  StoryRevisionSummary,
  UploadSession,
  UploadSessionPart,
  UploadSessionStatus,
  User,
} from './entities.ts';
import type { AuditEntry } from './audit.ts';
import type { StoryListScope, StorySearchScope } from './permissions.ts';
import type { AudienceMinute, BeatViews, CountedView, ReadershipRows, StoryStream, TopStory, ViewCounterStats } from './readership.ts';
import type { NewSession, SessionSummary, SignedInSession, SignInProof } from './security-ports.ts';
import type { Coverage, StoryFormat } from './liveblog.ts';
import type { Role } from './roles.ts';
import type { StoryFacts, StoryStatus } from './story.ts';

/** Interfaces the domain needs from the outside world; adapters implement them by technology. */

export interface Clock {
  /** Now, as an ISO-8601 UTC string. */
  now(): string;
}

/** Story HTML cut down to what a story may hold (docs/product/api.md: sanitised on the server before it is stored). */
export interface StoryHtmlSanitizer {
  sanitize(html: string): string;
  /** True when the HTML shows no text and no media (an editor's empty paragraph). */
  isEmpty(html: string): boolean;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same work as verify() for an account that does not exist, so timing tells nothing. */
  verifyNothing(password: string): Promise<false>;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
}

export type DeactivateOutcome = 'deactivated' | 'not_found' | 'last_admin';

export interface UserRepository {
  findById(id: number): Promise<User | null>;
  /** Matches the email case-insensitively, or the username. */
  findCredentials(identifier: string): Promise<{ user: User; passwordHash: string } | null>;
  list(): Promise<User[]>;
  /** Throws ConflictError when the username or email is taken. `audit` is written with it (its target is the new user). */
  create(user: NewUser, now: string, audit?: readonly Omit<AuditEntry, 'target'>[]): Promise<User>;
  /** Creates the admin, or makes an existing account with that email an active admin with the new password. */
  upsertAdmin(user: NewUser, now: string): Promise<{ user: User; created: boolean }>;
  /** Deactivates and revokes every session in one atomic step; refuses to remove the last active admin. */
  deactivate(id: number, now: string, audit?: readonly AuditEntry[]): Promise<DeactivateOutcome>;
  /** The password hash, for a check before a change (null when there is no such user). */
  passwordHashOf(id: number): Promise<string | null>;
  /** Sets the password and ends every other session of the user (all but `keepSessionId`), atomically. */
  changePassword(id: number, passwordHash: string, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<void>;
  countActive(role: Role): Promise<number>;
  /** The username matched without regard to ASCII case, as at sign-in. */
  findByUsername(username: string): Promise<User | null>;
  /** Changes only the fields given; null when there is no such user. */
  updateProfile(
    id: number,
    patch: { firstName?: string | null; lastName?: string | null; bio?: string | null; xHandle?: string | null },
  ): Promise<User | null>;
}

export interface SessionRepository {
  /**
   * Opens a session, with its audit entries, if the proof holds, using the proof up in the same
   * atomic write (docs/product/api-sign-in-security.md); false when it did not hold.
   */
  create(session: NewSession, proof?: SignInProof, audit?: readonly AuditEntry[]): Promise<boolean>;
  /** The active user behind a live (unexpired, unrevoked) session, or null. */
  findUser(tokenHash: string, now: string): Promise<User | null>;
  /** The same, with the session's id and whether the user has a second factor. */
  findSession(tokenHash: string, now: string): Promise<{ user: User; session: SignedInSession } | null>;
  revoke(tokenHash: string, now: string): Promise<void>;
  /** The user's live sessions, most recently seen first. */
  listForUser(userId: number, now: string): Promise<SessionSummary[]>;
  /** Ends one live session of this user's; false when the user has no such live session. */
  revokeById(userId: number, sessionId: number, now: string, audit: readonly AuditEntry[]): Promise<boolean>;
  /** Ends every live session of the user but `keepSessionId`; how many it ended. */
  revokeOthers(userId: number, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<number>;
  /** Records that the session was used now. */
  touch(sessionId: number, now: string): Promise<void>;
}

export interface LoginAttemptRepository {
  /** Failures for this identifier at or after `since`, and when the oldest of them happened. */
  failuresSince(identifier: string, since: string): Promise<{ count: number; oldest: string | null }>;
  recordFailure(identifier: string, at: string, audit?: readonly AuditEntry[]): Promise<void>;
  clear(identifier: string): Promise<void>;
}

/**
 * Site-wide settings, one JSON value per key. The owner of a key validates its shape (a setting read
 * back is `unknown` until its schema has parsed it); a missing key means the setting's default.
 */
export interface SettingsRepository {
  get(key: string): Promise<unknown>;
  /** `audit` entries are written in the same atomic write. */
  put(key: string, value: unknown, updatedBy: number | null, now: string, audit?: readonly AuditEntry[]): Promise<void>;
}

export interface BeatRepository {
  list(): Promise<Beat[]>;
  findById(id: number): Promise<Beat | null>;
  findBySlug(slug: string): Promise<Beat | null>;
  /** Throws ConflictError when the name is taken, or `beat_slug_taken` when the slug is. */
  create(beat: { name: string; slug: string; description: string | null }, now: string): Promise<Beat>;
  update(id: number, patch: { name?: string; slug?: string; description?: string | null }): Promise<Beat | null>;
  /** The beats a user is assigned to (user_beats), by name. */
  listAssigned(userId: number): Promise<Beat[]>;
  /** Replaces a user's assignments in one atomic step; unknown beat ids are a ValidationError. */
  assign(userId: number, beatIds: number[], now: string): Promise<Beat[]>;
}

export type StoryListOrder = 'newest' | 'published' | 'review-queue' | 'schedule';

export interface StoryFilter {
  scope: StoryListScope;
  status?: StoryStatus;
  authorId?: number;
  beatId?: number;
  limit: number;
  offset: number;
  /**
   * Newest first by creation (the default); newest first by publication (public lists); the review
   * queue's order, oldest submission first; or the schedule's, soonest publishAt first.
   */
  order?: StoryListOrder;
}

/** The columns a save writes; the repository adds ids, counters and timestamps. */
export interface StoryWrite {
  title: string;
  slug: string;
  description: string;
  content: string;
  beatId: number | null;
  status: StoryStatus;
  isFeatured: boolean;
  featuredImageUrl: string | null;
  /** The picture's words; absent leaves them as they are (none on a new story). */
  featuredImageAlt?: string | null;
  featuredImageCaption?: string | null;
  featuredImageCredit?: string | null;
  videoUrl: string | null;
  publishedAt: string | null;
  /** The workflow columns (working-day.ts); absent leaves them as they are (none on a new story). */
  publishAt?: string | null;
  reviewNote?: string | null;
  submittedAt?: string | null;
  /** Only a live stream's story is created live; saves leave the flag as it is. */
  isLive?: boolean;
  /** Set when the story is created (an article when absent), never by a later save; a live blog starts with coverage live. */
  format?: StoryFormat;
  coverage?: Coverage | null;
}

export type StoryUpdateOutcome = { kind: 'updated'; story: Story } | { kind: 'stale' } | { kind: 'not_found' };

export interface StoryRepository {
  list(filter: StoryFilter): Promise<{ items: Story[]; total: number }>;
  findById(id: number): Promise<Story | null>;
  findBySlug(slug: string): Promise<Story | null>;
  findFeatured(): Promise<Story | null>;
  /** Slugs in use (by any story, deleted ones included) that firstFreeSlug(base) may try: base, and any starting with slugCandidatePrefix(base). */
  slugsLike(base: string, excludeId?: number): Promise<Set<string>>;
  /**
   * Throws ConflictError('slug_taken') if the slug is in use. Writes the first revision (by the author)
   * and the audit entries (their target: the new story) with it, atomically.
   */
  create(story: StoryWrite & { authorId: number }, now: string, audit?: readonly AuditEntry[]): Promise<Story>;
  /**
   * Writes only when the stored version equals expectedVersion; bumps the version. With
   * `revisionBy`, a revision of the new version by that editor is written in the same atomic step,
   * and so are the audit entries (their target: this story), only when the write happened.
   */
  update(
    id: number,
    expectedVersion: number,
    story: StoryWrite,
    now: string,
    revisionBy?: number | null,
    audit?: readonly AuditEntry[],
  ): Promise<StoryUpdateOutcome>;
  /** Publishes every scheduled story whose time has come (publishedAt = publishAt), atomically; the stories it published. */
  publishDue(now: string): Promise<Story[]>;
  /** `audit` entries (their target: this story) are written only when the write happened, atomically with it. */
  softDelete(id: number, now: string, audit?: readonly AuditEntry[]): Promise<boolean>;
  restore(id: number, now: string, audit?: readonly AuditEntry[]): Promise<Story | null>;
  /** Who owns a deleted story, so the policy can decide who may restore it. */
  findDeletedFacts(id: number): Promise<StoryFacts | null>;
  countCreatedSince(since: string): Promise<number>;
  totalViews(): Promise<number>;
  /** One author's stories counted by status (published, draft, in review, scheduled), and their views. */
  authorFigures(authorId: number): Promise<{ published: number; drafts: number; inReview: number; scheduled: number; totalViews: number }>;
  /**
   * Points the story's video at an uploaded file (bumping its version, with a revision by `editorId`),
   * or leaves the story as it is when that is already its video; null when there is no such story.
   */
  attachVideo(id: number, videoUrl: string, now: string, editorId: number): Promise<Story | null>;
}

/** Full-text search over stories (decision 035). */
export interface StorySearch {
  /**
   * `match` is an FTS5 expression made by ftsMatchExpression (never a caller's text); best match
   * first. Each hit's snippet still holds the raw match delimiters (search-query.ts).
   */
  search(query: {
    match: string;
    scope: StorySearchScope;
    beatId?: number;
    limit: number;
    offset: number;
  }): Promise<{ total: number; hits: SearchHit[] }>;
}

export interface StoryRevisionRepository {
  /** Newest first; editors are read whatever their account's state (users are never deleted). */
  list(storyId: number): Promise<StoryRevisionSummary[]>;
  find(storyId: number, revisionId: number): Promise<StoryRevision | null>;
}

export interface CorrectionRepository {
  /**
   * Adds a correction to a published story and moves the story's updatedAt (and version) in the
   * same atomic step; null when the story is not (or no longer) published.
   */
  add(storyId: number, authorId: number, note: string, now: string, audit?: readonly AuditEntry[]): Promise<Correction | null>;
}

export interface LiveStreamRepository {
  countActive(): Promise<number>;
  /** Streams ever started on this author's stories. */
  countForAuthor(authorId: number): Promise<number>;
  /** Writes `stream.started` by `startedBy` (when given) with it. */
  create(stream: { storyId: number; streamKey: string; startedAt: string }, now: string, startedBy?: number): Promise<LiveStream>;
  findById(id: number): Promise<LiveStream | null>;
  /** Streams on air, newest first, with their story's slug and title. */
  listActive(): Promise<ActiveLiveStream[]>;
  setViewers(id: number, viewers: number): Promise<void>;
  /**
   * Ends the stream and, in the same atomic write, publishes its story with the recording (when
   * there is one) and clears isLive. Ending an ended stream changes nothing. Null when there is no such stream.
   */
  end(id: number, ending: { videoUrl: string | null; endedAt: string; endedBy?: number | null }): Promise<LiveStream | null>;
}

/** The first answer to a request sent with an Idempotency-Key (decisions 026 and 051). */
export type IdempotencyRecord =
  { status: 'pending'; leaseUntil: string } | { status: 'done'; fingerprint: string; responseStatus: number; responseBody: string };

/** One request's hold on a user's key: `claimId` is that request's own, so a request that lost its lease cannot touch the key. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  claimId: string;
}

export interface IdempotencyKeyRepository {
  /**
   * Claims the user's key for a new request, atomically, with a lease until `leaseUntil`: null when
   * this call claimed it (no record, an expired one, or a pending one whose lease ran out: its
   * request is gone), else the record that holds it.
   */
  claim(claim: IdempotencyClaim, now: string, leaseUntil: string, expiresAt: string): Promise<IdempotencyRecord | null>;
  /** Extends the lease of a request still running; false when it no longer holds the key. */
  renew(claim: IdempotencyClaim, leaseUntil: string): Promise<boolean>;
  /** Keeps the answer to the claimed key (until the key's expiry). */
  complete(claim: IdempotencyClaim, answer: { fingerprint: string; responseStatus: number; responseBody: string }): Promise<void>;
  /** Gives a claimed key up (its request failed and wrote nothing), so a retry runs afresh. */
  release(claim: IdempotencyClaim): Promise<void>;
}

export interface UploadSessionRepository {
  create(
    session: Omit<UploadSession, 'status' | 'objectKey' | 'r2UploadId' | 'contentType' | 'storyId' | 'updatedAt'>,
  ): Promise<UploadSession>;
  findById(id: string): Promise<UploadSession | null>;
  /**
   * Records the R2 upload made for part 1, unless another request already did: the session as
   * stored afterwards tells the caller whose R2 upload won.
   */
  attachStorage(id: string, storage: { objectKey: string; r2UploadId: string; contentType: string }, now: string): Promise<UploadSession>;
  /** Stores (or replaces, for a part sent again) a finished part. */
  recordPart(id: string, part: UploadSessionPart, now: string): Promise<void>;
  parts(id: string): Promise<UploadSessionPart[]>;
  /** Moves an open session to completed or aborted; false when it was no longer open. */
  close(id: string, status: Exclude<UploadSessionStatus, 'open'>, storyId: number | null, now: string): Promise<boolean>;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  uploaded: string;
  /** What the writer noted beside the bytes (`put`'s `notes`), e.g. a resized picture's width. */
  notes?: Record<string, string>;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** Resizes and re-encodes pictures (docs/product/api-pictures.md, decision 047). */
export interface PictureResizer {
  /** The picture's width and height, or null when these bytes are no picture it reads. */
  dimensions(bytes: Uint8Array): Promise<{ width: number; height: number } | null>;
  /** The picture `width` pixels wide (its height in proportion), encoded as `format`. */
  resize(bytes: Uint8Array, width: number, format: PictureFormat): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }>;
}

export interface MediaStore {
  put(
    key: string,
    body: ReadableStream | ArrayBuffer | Uint8Array,
    contentType: string,
    notes?: Record<string, string>,
  ): Promise<StoredObject>;
  /** Starts a multipart upload; the object appears only on complete. Returns the store's upload id. */
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /** A stream body must have a known length (a request body with Content-Length, or a FixedLengthStream). */
  uploadPart(key: string, uploadId: string, partNumber: number, body: ReadableStream | Uint8Array): Promise<UploadedPart>;
  completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<StoredObject>;
  /** Discards the parts; an upload that is already gone is not an error. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  get(
    key: string,
    range?: { offset: number; length?: number } | { suffix: number },
  ): Promise<{ object: StoredObject; body: ReadableStream; range?: { offset: number; length: number } } | null>;
  delete(key: string): Promise<void>;
}

/** An update as the policy needs it: who wrote it. */
export type StoredLiveBlogUpdate = LiveBlogUpdate & { authorId: number };

/** A page of a live blog's updates, newest first, and the feed's cursor as it stood when they were read. */
export interface LiveBlogPage {
  updates: LiveBlogUpdate[];
  /** The live blog's newest change (0 for none), read in the same snapshot as the updates. */
  cursor: number;
  /** Whether older updates than these exist. */
  more: boolean;
}

/** What changed after a cursor: updates as they stand now, the ids of deleted ones, and the new cursor. */
export interface LiveBlogChanges {
  updates: LiveBlogUpdate[];
  deleted: number[];
  cursor: number;
  /** More changes wait after `cursor` (the page was full). */
  more: boolean;
}

export type LiveBlogEditOutcome = { kind: 'edited'; update: LiveBlogUpdate } | { kind: 'stale' } | { kind: 'not_found' };

/**
 * A live blog's updates (docs/product/api-liveblogs.md, decision 055). Every write takes the next
 * number of one change clock, so "what changed after N" is one range read; pinning an update
 * unpins the live blog's other pinned update in the same atomic write.
 */
export interface LiveBlogRepository {
  page(storyId: number, options: { before?: number; limit: number; keyEvent?: boolean; pinned?: boolean }): Promise<LiveBlogPage>;
  /** Changes after `after`, oldest change first, at most `limit`; the updates newest first. */
  changes(storyId: number, after: number, limit: number): Promise<LiveBlogChanges>;
  findById(storyId: number, updateId: number): Promise<StoredLiveBlogUpdate | null>;
  /** Null when the story is not (or no longer) a live blog with live coverage: nothing is written. */
  create(
    storyId: number,
    authorId: number,
    update: { body: string; keyEvent: boolean; pinned: boolean },
    now: string,
  ): Promise<LiveBlogUpdate | null>;
  /** Writes only when the stored version is `expectedVersion`; bumps it. */
  edit(
    storyId: number,
    updateId: number,
    expectedVersion: number,
    patch: { body?: string; keyEvent?: boolean; pinned?: boolean },
    now: string,
  ): Promise<LiveBlogEditOutcome>;
  /** False when there was no such update (or it was deleted already). */
  delete(storyId: number, updateId: number, now: string): Promise<boolean>;
  /** Sets a live blog's coverage (ending keeps the first end time; reopening clears it) and moves its updatedAt; false when it is no live blog. */
  setCoverage(storyId: number, coverage: Coverage, now: string): Promise<boolean>;
  /**
   * Puts a published live blog on air (isLive) for a stream started from its live desk, or takes it
   * off when starting failed; false when it is not such a live blog (or is on air already).
   */
  setVideoLive(storyId: number, live: boolean): Promise<boolean>;
}

/**
 * The exact view counts and their breakdowns (docs/decisions/060-view-counters-flush-to-d1.md):
 * views are counted in durable counters and reach the stories table, with their breakdowns, in
 * batches. A counter is the authority on the totals of the stories it has counted; the stories
 * table is exact for every other story.
 */
export interface ViewCounter {
  /** Counts one view, durably, before answering the story's new exact total. `storedViews` is the stories table's count, read for this view. */
  count(view: CountedView, storedViews: number): Promise<number>;
  /** Exact totals of those of these stories the counters have counted; absent ids are exact in the stories table. */
  totals(storyIds: readonly number[]): Promise<Map<number, number>>;
  /** Exact totals of the stories with views not yet in the stories table. */
  unflushed(): Promise<Map<number, number>>;
  stats(): Promise<ViewCounterStats>;
}

/** Which stories a readership report covers. */
export type ReadershipScope = { kind: 'story'; storyId: number } | { kind: 'author'; authorId: number } | { kind: 'site' };

/** The hours a report reads (an AnalyticsRange's start and end) and how its series is bucketed. */
export interface ReadershipWindow {
  start: string;
  end: string;
  interval: 'hour' | 'day';
}

export interface ReadershipRepository {
  /** A published, not deleted story's stored view count, for counting a view of it; null for any other id. */
  viewableStory(id: number): Promise<{ views: number } | null>;
  /** The stories table's views summed over stories not deleted (and of one author), leaving out `exceptIds`; and which of `exceptIds` it would have summed. */
  storedViewsExcept(exceptIds: readonly number[], authorId?: number): Promise<{ sum: number; included: number[] }>;
  /** Views in the window, per bucket and per breakdown; deleted stories leave every figure. */
  rows(scope: ReadershipScope, window: ReadershipWindow): Promise<ReadershipRows>;
  /** The most viewed stories in the window, at most `limit`. */
  topStories(scope: ReadershipScope, window: ReadershipWindow, limit: number): Promise<TopStory[]>;
  /** Views in the window per beat (a story's beat now), biggest first. */
  beats(window: ReadershipWindow): Promise<BeatViews[]>;
  /** Adds a minute of a live stream's audience (viewer-seconds add up, the peak is the larger). */
  recordAudienceMinute(streamId: number, minute: AudienceMinute): Promise<void>;
  audienceMinutes(streamId: number): Promise<AudienceMinute[]>;
  /** The live streams a story was made from, oldest first. */
  storyStreams(storyId: number): Promise<StoryStream[]>;
}
