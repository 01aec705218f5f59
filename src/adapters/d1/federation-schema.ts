import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Mirrors migrations/0060_fediverse.sql, which is the source of truth (constraints, triggers, partial indexes). */

export const fediverseKeys = sqliteTable('fediverse_keys', {
  account: text('account').primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: text('created_at').notNull(),
});

export const fediverseFollowers = sqliteTable('fediverse_followers', {
  id: integer('id').primaryKey(),
  account: text('account').notNull(),
  actorUri: text('actor_uri').notNull(),
  inbox: text('inbox').notNull(),
  host: text('host').notNull(),
  actorHost: text('actor_host').notNull(),
  handle: text('handle'),
  name: text('name'),
  followUri: text('follow_uri'),
  createdAt: text('created_at').notNull(),
});

export const fediverseObjects = sqliteTable(
  'fediverse_objects',
  {
    kind: text('kind', { enum: ['story', 'update'] }).notNull(),
    ref: integer('ref').notNull(),
    storyId: integer('story_id').notNull(),
    account: text('account').notNull(),
    generation: integer('generation').notNull(),
    state: text('state', { enum: ['live', 'deleted'] }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    seq: integer('seq').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.ref] })],
);

export const fediverseChanges = sqliteTable(
  'fediverse_changes',
  {
    kind: text('kind', { enum: ['story', 'update'] }).notNull(),
    ref: integer('ref').notNull(),
    n: integer('n').notNull(),
    changedAt: text('changed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.ref] })],
);

export const fediverseActivities = sqliteTable('fediverse_activities', {
  id: text('id').primaryKey(),
  account: text('account').notNull(),
  type: text('type', { enum: ['Create', 'Update', 'Delete', 'Announce', 'Accept'] }).notNull(),
  storyId: integer('story_id'),
  body: text('body').notNull(),
  inboxes: integer('inboxes').notNull(),
  createdAt: text('created_at').notNull(),
});

export const fediverseDeliveries = sqliteTable(
  'fediverse_deliveries',
  {
    activityId: text('activity_id').notNull(),
    inbox: text('inbox').notNull(),
    host: text('host').notNull(),
    batch: integer('batch').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed', 'gone'] }).notNull(),
    attempts: integer('attempts').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: text('delivered_at'),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.inbox] })],
);

export const fediverseReplies = sqliteTable('fediverse_replies', {
  id: integer('id').primaryKey(),
  storyId: integer('story_id').notNull(),
  noteUri: text('note_uri').notNull(),
  url: text('url'),
  actorUri: text('actor_uri').notNull(),
  actorName: text('actor_name'),
  actorHandle: text('actor_handle'),
  actorUrl: text('actor_url'),
  host: text('host').notNull(),
  content: text('content').notNull(),
  publishedAt: text('published_at').notNull(),
  state: text('state', { enum: ['pending', 'approved', 'hidden'] }).notNull(),
  receivedAt: text('received_at').notNull(),
  moderatedBy: integer('moderated_by'),
  moderatedAt: text('moderated_at'),
});

export const fediverseReactions = sqliteTable('fediverse_reactions', {
  activityUri: text('activity_uri').primaryKey(),
  storyId: integer('story_id').notNull(),
  kind: text('kind', { enum: ['like', 'boost'] }).notNull(),
  actorUri: text('actor_uri').notNull(),
  host: text('host').notNull(),
  createdAt: text('created_at').notNull(),
});

export const fediverseBlocks = sqliteTable('fediverse_blocks', {
  id: integer('id').primaryKey(),
  kind: text('kind', { enum: ['account', 'server'] }).notNull(),
  value: text('value').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: text('created_at').notNull(),
});

export const fediverseKv = sqliteTable('fediverse_kv', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: integer('expires_at'),
});
