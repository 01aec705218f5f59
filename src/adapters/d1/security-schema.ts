import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './schema.ts';

/** Sign-in security's tables (migrations/0017_sign_in_security.sql, the source of truth). */

export const totpSecrets = sqliteTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: text('created_at').notNull(),
  confirmedAt: text('confirmed_at'),
  lastStep: integer('last_step'),
});

export const recoveryCodes = sqliteTable('recovery_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  createdAt: text('created_at').notNull(),
  usedAt: text('used_at'),
});

export const passkeys = sqliteTable('passkeys', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  credentialId: text('credential_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: integer('counter').notNull().default(0),
  transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default([]),
  rpId: text('rp_id').notNull(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
});

export const authChallenges = sqliteTable('auth_challenges', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['sign_in', 'passkey_register', 'passkey_sign_in'] }).notNull(),
  userId: integer('user_id').references(() => users.id),
  detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  // migrations/0030: wrong codes spent on it; the third deletes it.
  failures: integer('failures').notNull().default(0),
});

export const passwordResets = sqliteTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  clearTwoFactor: integer('clear_two_factor', { mode: 'boolean' }).notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  at: text('at').notNull(),
  actorId: integer('actor_id').references(() => users.id),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: integer('target_id'),
  targetLabel: text('target_label'),
  detail: text('detail').notNull().default('{}'),
});
