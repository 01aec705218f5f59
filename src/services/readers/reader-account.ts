import { NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import type { SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { readerAnswer, type ReaderAnswer } from '../../domain/readers/answers.ts';
import { membershipAnswer } from '../../domain/members/answers.ts';
import type { MemberRepository, PaymentGateway } from '../../domain/members/revenue-ports.ts';
import { isLiveStatus } from '../../domain/members/membership.ts';

/** A signed-in reader's own account (docs/product/api.md, "Readers and newsletters"): rename, sign out, delete. */

/** The `reader` answer: the reader with the newsletters their address is subscribed to, and their membership. */
export async function readerWithNewsletters(
  deps: { subscriptions: SubscriptionRepository; members: Pick<MemberRepository, 'state'>; clock: Clock },
  reader: Reader,
): Promise<ReaderAnswer> {
  const now = deps.clock.now();
  const [newsletters, state] = await Promise.all([deps.subscriptions.slugsFor(reader.email), deps.members.state(reader.id, now)]);
  return readerAnswer(reader, newsletters, membershipAnswer(state, now));
}

/** PUT /api/readers/me: the name is the only thing a reader sets (an empty one clears it). */
export async function renameReader(
  deps: { readers: ReaderRepository; clock: Clock },
  reader: Reader,
  name: string | null | undefined,
): Promise<Reader> {
  if (name === undefined) return reader;
  const renamed = await deps.readers.rename(reader.id, name || null, deps.clock.now());
  if (!renamed) throw new NotFoundError('Reader');
  return renamed;
}

/** POST /api/readers/signout: this session ends at once (the reader's other browsers stay signed in). */
export async function signOutReader(deps: { readers: ReaderRepository }, sessionHash: string): Promise<void> {
  await deps.readers.endSession(sessionHash);
}

/**
 * DELETE /api/readers/me: the reader, every session and every subscription go; what was sent to them
 * and what they paid stay only as counts. A live paid subscription is ended at Stripe first, so
 * nobody is charged for an account that is gone.
 */
export async function deleteReader(
  deps: {
    readers: ReaderRepository;
    members: Pick<MemberRepository, 'state'>;
    payments: Pick<PaymentGateway, 'cancelSubscription'> | null;
    clock: Clock;
  },
  reader: Reader,
): Promise<void> {
  const subscription = (await deps.members.state(reader.id, deps.clock.now())).subscription;
  if (subscription && isLiveStatus(subscription.status) && deps.payments) await deps.payments.cancelSubscription(subscription.id);
  await deps.readers.delete(reader.id);
}
