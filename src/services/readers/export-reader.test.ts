import { describe, expect, it } from 'vitest';
import type { MemberState, Payment } from '../../domain/members/entities.ts';
import { exportReader } from './export-reader.ts';
import { testClock } from './in-memory-readers.test-helper.ts';

/** GET /api/readers/me/export over fakes: the membership and payments are the reader's own. */

const reader = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastSignedInAt: null,
};

describe('a reader’s export', () => {
  it('carries their membership as the reader answer has it, and their payments', async () => {
    const clock = testClock('2026-03-01T12:00:00.000Z');
    const state: MemberState = {
      readerId: 7,
      comped: false,
      customerId: 'cus_1',
      subscription: {
        id: 'sub_1',
        customerId: 'cus_1',
        readerId: 7,
        tierId: 3,
        tierName: 'Supporter',
        status: 'active',
        interval: 'month',
        amount: 800,
        currency: 'usd',
        currentPeriodEnd: '2026-03-20T00:00:00.000Z',
        cancelAtPeriodEnd: false,
        canceledAt: null,
        startedAt: '2026-02-20T00:00:00.000Z',
        paidFrom: '2026-02-20T00:00:00.000Z',
        accessEndsAt: null,
        syncedAt: '2026-02-20T00:00:00.000Z',
      },
    };
    const payment: Payment = {
      id: 1,
      kind: 'subscription',
      stripeRef: 'in_1',
      readerId: 7,
      email: null,
      amount: 800,
      currency: 'usd',
      refundedAmount: 0,
      status: 'paid',
      occurredAt: '2026-02-20T00:00:00.000Z',
    };
    const asked: number[] = [];
    const exported = await exportReader(
      {
        clock,
        subscriptions: { recordFor: async () => [] },
        sends: { recordFor: async () => [] },
        members: {
          state: async (id) => (asked.push(id), state),
          payments: async (id) => (asked.push(id), [payment]),
        },
      },
      reader,
    );
    expect(asked).toEqual([7, 7]);
    expect(exported.membership).toMatchObject({ status: 'paid', tier: { id: 3, name: 'Supporter' }, interval: 'month' });
    expect(exported.payments).toEqual([
      {
        id: 1,
        kind: 'subscription',
        amount: 800,
        currency: 'usd',
        refundedAmount: 0,
        status: 'paid',
        occurredAt: '2026-02-20T00:00:00.000Z',
      },
    ]);
  });
});
