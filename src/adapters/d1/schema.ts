import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { COVERAGES, STORY_FORMATS } from '../../domain/story/story.ts';
import { STORY_STATUSES } from '../../domain/story/story.ts';

/** Mirrors migrations/*.sql, which are the source of truth (constraints, collations, partial indexes). */

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username', { length: 50 }).notNull(),
  email: text('email', { length: 100 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['reporter', 'admin'] })
    .notNull()
    .default('reporter'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  firstName: text('first_name', { length: 50 }),
  lastName: text('last_name', { length: 50 }),
  createdAt: text('created_at').notNull(),
  bio: text('bio'),
  // migrations/0016: the user's handle on X, with its "@".
  xHandle: text('x_handle'),
});

export const sessions = sqliteTable('sessions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  revokedAt: text('revoked_at'),
  // migrations/0017: what the profile screen's session list shows.
  lastSeenAt: text('last_seen_at'),
  userAgent: text('user_agent'),
  // migrations/0030: how it was opened (a fresh passkey sign-in stands in for the password).
  signInMethod: text('sign_in_method', { enum: ['password', 'password+totp', 'password+recovery_code', 'passkey'] }),
});

// migrations/0030: failed sign-ins per lockout key (an account, or a name's keyed hash), never a name as typed.
export const loginAttempts = sqliteTable('login_attempts', {
  id: text('id').primaryKey(),
  key: text('key').notNull(),
  attemptedAt: text('attempted_at').notNull(),
});

export const beats = sqliteTable('beats', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name', { length: 100 }).notNull(),
  description: text('description'),
  createdAt: text('created_at').notNull(),
  // Written on every create and rename (src/services/beats/beat-save.ts); the migration filled older rows.
  slug: text('slug').notNull(),
});

export const userBeats = sqliteTable('user_beats', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  beatId: integer('beat_id')
    .notNull()
    .references(() => beats.id),
  assignedAt: text('assigned_at').notNull(),
});

export const stories = sqliteTable('stories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title', { length: 255 }).notNull(),
  slug: text('slug', { length: 255 }).notNull(),
  description: text('description').notNull(),
  content: text('content').notNull(),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id),
  beatId: integer('beat_id').references(() => beats.id),
  status: text('status', { enum: STORY_STATUSES }).notNull().default('draft'),
  isLive: integer('is_live', { mode: 'boolean' }).notNull().default(false),
  isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
  featuredImageUrl: text('featured_image_url', { length: 500 }),
  videoUrl: text('video_url'),
  thumbnailUrl: text('thumbnail_url'),
  attachments: text('attachments', { mode: 'json' }).$type<string[]>().notNull().default([]),
  views: integer('views').notNull().default(0),
  version: integer('version').notNull().default(1),
  publishedAt: text('published_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  deletedAt: text('deleted_at'),
  publishAt: text('publish_at'),
  reviewNote: text('review_note'),
  submittedAt: text('submitted_at'),
  /** The content as plain text, for the search index (migrations/0010, decision 035); never read back. */
  bodyText: text('body_text').notNull().default(''),
  // migrations/0015: the picture's words.
  featuredImageAlt: text('featured_image_alt'),
  featuredImageCaption: text('featured_image_caption'),
  featuredImageCredit: text('featured_image_credit'),
  /** Live blogs (migrations/0019): fixed at creation; coverage only for a live blog. */
  format: text('format', { enum: STORY_FORMATS }).notNull().default('article'),
  coverage: text('coverage', { enum: COVERAGES }),
  coverageEndedAt: text('coverage_ended_at'),
});

export const storyRevisions = sqliteTable('story_revisions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  storyId: integer('story_id')
    .notNull()
    .references(() => stories.id),
  version: integer('version').notNull(),
  editorId: integer('editor_id')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  slug: text('slug').notNull(),
  description: text('description').notNull(),
  content: text('content').notNull(),
  status: text('status', { enum: STORY_STATUSES }).notNull(),
  videoUrl: text('video_url'),
  featuredImageUrl: text('featured_image_url'),
  createdAt: text('created_at').notNull(),
  featuredImageAlt: text('featured_image_alt'),
  featuredImageCaption: text('featured_image_caption'),
  featuredImageCredit: text('featured_image_credit'),
});

export const storyCorrections = sqliteTable('story_corrections', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  storyId: integer('story_id')
    .notNull()
    .references(() => stories.id),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id),
  note: text('note').notNull(),
  createdAt: text('created_at').notNull(),
});

export const liveStreams = sqliteTable('live_streams', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  storyId: integer('story_id')
    .notNull()
    .references(() => stories.id),
  streamKey: text('stream_key', { length: 100 }).notNull(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(false),
  viewers: integer('viewers').notNull().default(0),
  startedAt: text('started_at'),
  endedAt: text('ended_at'),
  createdAt: text('created_at').notNull(),
});

export const uploadSessions = sqliteTable('upload_sessions', {
  id: text('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['image', 'video'] }).notNull(),
  filename: text('filename', { length: 255 }),
  size: integer('size').notNull(),
  partSize: integer('part_size').notNull(),
  partCount: integer('part_count').notNull(),
  status: text('status', { enum: ['open', 'completed', 'aborted'] })
    .notNull()
    .default('open'),
  objectKey: text('object_key'),
  r2UploadId: text('r2_upload_id'),
  contentType: text('content_type'),
  storyId: integer('story_id').references(() => stories.id),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});

export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploadSessions.id),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    etag: text('etag').notNull(),
    uploadedAt: text('uploaded_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.partNumber] })],
);

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    fingerprint: text('fingerprint'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    // migrations/0018 (decision 051): the pending request's lease, and which request holds it.
    leaseUntil: text('lease_until'),
    claimId: text('claim_id'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
});
