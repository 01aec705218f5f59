import type { Clock } from '../../domain/time.ts';
import type { MembershipAnswer } from '../../domain/readers/answers.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { SendRepository, SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { membershipAnswer, paymentAnswer, type PaymentAnswer } from '../../domain/members/answers.ts';
import type { MemberRepository } from '../../domain/members/revenue-ports.ts';

/**
 * GET /api/readers/me/export: everything the newsroom holds about the reader, as JSON (the right of
 * access): their address, name and dates, each subscription with when and how it was confirmed,
 * the sends they received, their membership (as the reader answer gives it) and payments (as the
 * Members admin shows them).
 */
export interface ReaderExport {
  exportedAt: string;
  reader: { email: string; name: string | null; createdAt: string; updatedAt: string; lastSignedInAt: string | null };
  subscriptions: unknown[];
  sends: unknown[];
  membership: MembershipAnswer;
  payments: PaymentAnswer[];
}

export async function exportReader(
  deps: {
    clock: Clock;
    subscriptions: Pick<SubscriptionRepository, 'recordFor'>;
    sends: Pick<SendRepository, 'recordFor'>;
    members: Pick<MemberRepository, 'state' | 'payments'>;
  },
  reader: Reader,
): Promise<ReaderExport> {
  const now = deps.clock.now();
  const [subscriptions, sends, state, payments] = await Promise.all([
    deps.subscriptions.recordFor(reader.email),
    deps.sends.recordFor(reader.email),
    deps.members.state(reader.id, now),
    deps.members.payments(reader.id),
  ]);
  return {
    exportedAt: now,
    reader: {
      email: reader.email,
      name: reader.name,
      createdAt: reader.createdAt,
      updatedAt: reader.updatedAt,
      lastSignedInAt: reader.lastSignedInAt,
    },
    subscriptions,
    sends,
    membership: membershipAnswer(state, now),
    payments: payments.map(paymentAnswer),
  };
}
