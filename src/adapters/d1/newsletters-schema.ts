import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { beats, stories, users } from './schema.ts';

/** Newsletters' tables (migrations/0041_newsletters.sql, the source of truth). */

export const newsletters = sqliteTable('newsletters', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  beatId: integer('beat_id').references(() => beats.id),
  senderName: text('sender_name'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const subscriptions = sqliteTable('subscriptions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  newsletterId: integer('newsletter_id')
    .notNull()
    .references(() => newsletters.id),
  email: text('email').notNull(),
  status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] }).notNull(),
  source: text('source', { enum: ['form', 'account', 'sign_in', 'import'] }).notNull(),
  confirmedVia: text('confirmed_via', { enum: ['link', 'signed_in', 'sign_in_link', 'import'] }),
  confirmationHash: text('confirmation_hash'),
  confirmationExpiresAt: text('confirmation_expires_at'),
  confirmationSentAt: text('confirmation_sent_at'),
  createdAt: text('created_at').notNull(),
  subscribedAt: text('subscribed_at'),
  unsubscribedAt: text('unsubscribed_at'),
});

export const suppressions = sqliteTable('suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['hard_bounce', 'complaint'] }).notNull(),
  createdAt: text('created_at').notNull(),
});

export const sends = sqliteTable('sends', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  storyId: integer('story_id')
    .notNull()
    .references(() => stories.id),
  newsletterId: integer('newsletter_id')
    .notNull()
    .references(() => newsletters.id),
  state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull(),
  origin: text('origin').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  recipients: integer('recipients').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  bounced: integer('bounced').notNull().default(0),
  complained: integer('complained').notNull().default(0),
  unsubscribed: integer('unsubscribed').notNull().default(0),
  createdAt: text('created_at').notNull(),
  startedAt: text('started_at'),
  finishedAt: text('finished_at'),
});

export const sendRecipients = sqliteTable('send_recipients', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  sendId: integer('send_id')
    .notNull()
    .references(() => sends.id),
  batch: integer('batch').notNull(),
  email: text('email'),
  status: text('status', { enum: ['queued', 'sent', 'failed', 'skipped', 'bounced', 'complained'] })
    .notNull()
    .default('queued'),
  sentAt: text('sent_at'),
});
