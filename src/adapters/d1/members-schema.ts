import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { readers } from './readers-schema.ts';
import { users } from './schema.ts';
import type { Interval, PaymentKind, PaymentStatus, SubscriptionStatus } from '../../domain/members/entities.ts';

/** Members' tables (migrations/0051_members.sql, the source of truth). */

export const memberTiers = sqliteTable('member_tiers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  currency: text('currency').notNull(),
  monthlyAmount: integer('monthly_amount').notNull(),
  yearlyAmount: integer('yearly_amount').notNull(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  stripeProductId: text('stripe_product_id').notNull(),
  stripeMonthlyPriceId: text('stripe_monthly_price_id').notNull(),
  stripeYearlyPriceId: text('stripe_yearly_price_id').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const memberTierPrices = sqliteTable('member_tier_prices', {
  stripePriceId: text('stripe_price_id').primaryKey(),
  tierId: integer('tier_id')
    .notNull()
    .references(() => memberTiers.id),
  interval: text('interval').$type<Interval>().notNull(),
  amount: integer('amount').notNull(),
  createdAt: text('created_at').notNull(),
});

export const memberCustomers = sqliteTable('member_customers', {
  readerId: integer('reader_id')
    .primaryKey()
    .references(() => readers.id),
  stripeCustomerId: text('stripe_customer_id').notNull(),
  createdAt: text('created_at').notNull(),
});

export const memberSubscriptions = sqliteTable('member_subscriptions', {
  id: text('stripe_subscription_id').primaryKey(),
  customerId: text('stripe_customer_id').notNull(),
  readerId: integer('reader_id').references(() => readers.id),
  tierId: integer('tier_id').references(() => memberTiers.id),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  interval: text('interval').$type<Interval>(),
  amount: integer('amount').notNull().default(0),
  currency: text('currency').notNull(),
  currentPeriodEnd: text('current_period_end'),
  cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
  canceledAt: text('canceled_at'),
  startedAt: text('started_at').notNull(),
  paidFrom: text('paid_from'),
  accessEndsAt: text('access_ends_at'),
  syncedAt: text('synced_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const memberComps = sqliteTable('member_comps', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  readerId: integer('reader_id').references(() => readers.id),
  startedAt: text('started_at').notNull(),
  endedAt: text('ended_at'),
  startedBy: integer('started_by').references(() => users.id),
  endedBy: integer('ended_by').references(() => users.id),
});

export const memberPayments = sqliteTable('member_payments', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind').$type<PaymentKind>().notNull(),
  stripeRef: text('stripe_ref').notNull(),
  readerId: integer('reader_id').references(() => readers.id),
  email: text('email'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  paymentIntent: text('payment_intent'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  status: text('status').$type<PaymentStatus>().notNull(),
  occurredAt: text('occurred_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: text('created_at').notNull(),
  handledAt: text('handled_at').notNull(),
});
