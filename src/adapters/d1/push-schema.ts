import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { TopicKey } from '../../domain/alerts/topics.ts';

/** Breaking-news alerts' tables (migrations/0070 and on, the source of truth). */

export const pushSubscriptions = sqliteTable('push_subscriptions', {
  id: integer('id').primaryKey(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  refusals: integer('refusals').notNull().default(0),
});

export const pushSubscriptionTopics = sqliteTable(
  'push_subscription_topics',
  {
    topic: text('topic').$type<TopicKey>().notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.topic, table.subscriptionId] })],
);

export const pushAlerts = sqliteTable('push_alerts', {
  id: integer('id').primaryKey(),
  storyId: integer('story_id').notNull(),
  topic: text('topic').$type<TopicKey>().notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  url: text('url').notNull(),
  icon: text('icon').notNull(),
  contact: text('contact').notNull(),
  state: text('state', { enum: ['queued', 'sending', 'sent'] })
    .notNull()
    .default('queued'),
  audienceThrough: integer('audience_through').notNull(),
  frozenThrough: integer('frozen_through').notNull().default(0),
  batches: integer('batches').notNull().default(0),
  recipients: integer('recipients').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  sentBy: integer('sent_by').notNull(),
  createdAt: text('created_at').notNull(),
  finishedAt: text('finished_at'),
});

export const pushAlertRecipients = sqliteTable(
  'push_alert_recipients',
  {
    alertId: integer('alert_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    batch: integer('batch').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed', 'removed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.subscriptionId] })],
);
