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
