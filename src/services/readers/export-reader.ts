import type { Clock } from '../../domain/time.ts';
import { FREE_MEMBERSHIP, type MembershipAnswer } from '../../domain/readers/answers.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { SendRepository, SubscriptionRepository } from '../../domain/newsletters/ports.ts';

/**
 * GET /api/readers/me/export: everything the newsroom holds about the reader, as JSON (the right of
 * access): their address, name and dates, each subscription with when and how it was confirmed,
 * the sends they received, their membership and payments.
 */
export interface ReaderExport {
  exportedAt: string;
  reader: { email: string; name: string | null; createdAt: string; updatedAt: string; lastSignedInAt: string | null };
  subscriptions: unknown[];
  sends: unknown[];
  membership: MembershipAnswer;
  payments: unknown[];
}

export async function exportReader(
  deps: { clock: Clock; subscriptions: Pick<SubscriptionRepository, 'recordFor'>; sends: Pick<SendRepository, 'recordFor'> },
  reader: Reader,
): Promise<ReaderExport> {
  const [subscriptions, sends] = await Promise.all([deps.subscriptions.recordFor(reader.email), deps.sends.recordFor(reader.email)]);
  return {
    exportedAt: deps.clock.now(),
    reader: {
      email: reader.email,
      name: reader.name,
      createdAt: reader.createdAt,
      updatedAt: reader.updatedAt,
      lastSignedInAt: reader.lastSignedInAt,
    },
    subscriptions,
    sends,
    membership: FREE_MEMBERSHIP,
    payments: [],
  };
}
