import { NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import type { SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { readerAnswer, type ReaderAnswer } from '../../domain/readers/answers.ts';

/** A signed-in reader's own account (docs/product/api.md, "Readers and newsletters"): rename, sign out, delete. */

/** The `reader` answer: the reader with the newsletters their address is subscribed to. */
export async function readerWithNewsletters(deps: { subscriptions: SubscriptionRepository }, reader: Reader): Promise<ReaderAnswer> {
  return readerAnswer(reader, await deps.subscriptions.slugsFor(reader.email));
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

/** DELETE /api/readers/me: the reader, every session and every subscription go; what was sent to them stays only as counts. */
export async function deleteReader(deps: { readers: ReaderRepository }, reader: Reader): Promise<void> {
  await deps.readers.delete(reader.id);
}
