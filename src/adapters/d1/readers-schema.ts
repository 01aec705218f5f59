import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Reader accounts' tables (migrations/0040_readers.sql, the source of truth). */

export const readers = sqliteTable('readers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull(),
  name: text('name'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  lastSignedInAt: text('last_signed_in_at'),
});

export const readerSignInLinks = sqliteTable('reader_sign_in_links', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  newsletters: text('newsletters', { mode: 'json' }).$type<string[]>().notNull().default([]),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  sessionHash: text('session_hash'),
  browserHash: text('browser_hash'),
});

export const readerSessions = sqliteTable('reader_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  readerId: integer('reader_id')
    .notNull()
    .references(() => readers.id),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});

/** Mail a reader asked for, waiting for the fan-out (migrations/0075; d1-mail-requests.ts reads and writes it). */
export const mailRequests = sqliteTable('mail_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind').notNull(),
  email: text('email').notNull(),
  createdAt: text('created_at').notNull(),
});
