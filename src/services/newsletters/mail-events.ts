import { addressAsStored, isMailAddress } from '../../domain/mail/address.ts';
import type { SuppressionReason } from '../../domain/newsletters/entities.ts';
import type { SuppressionRepository } from '../../domain/newsletters/ports.ts';
import type { Clock } from '../../domain/time.ts';

/**
 * POST /api/newsletters/events: Postmark's Bounce and SpamComplaint webhooks (decision 083). A hard
 * bounce (HardBounce, BadEmailAddress, ManuallyDeactivated) or a complaint suppresses the address for
 * every newsletter and counts on the send that last mailed it; anything else (a soft bounce, an
 * auto-reply, a delay) changes nothing. The same event twice counts once.
 */
const HARD_BOUNCES = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);

export interface PostmarkEvent {
  RecordType?: unknown;
  Type?: unknown;
  Email?: unknown;
}

export function suppressionOf(event: PostmarkEvent): SuppressionReason | null {
  if (event.RecordType === 'SpamComplaint' || event.Type === 'SpamComplaint') return 'complaint';
  if (event.RecordType === 'Bounce' && typeof event.Type === 'string' && HARD_BOUNCES.has(event.Type)) return 'hard_bounce';
  return null;
}

export async function handleMailEvent(
  deps: { suppressions: SuppressionRepository; clock: Clock },
  event: PostmarkEvent,
): Promise<{ suppressed: boolean }> {
  const reason = suppressionOf(event);
  const email = typeof event.Email === 'string' ? addressAsStored(event.Email) : '';
  if (!reason || !isMailAddress(email)) return { suppressed: false };
  await deps.suppressions.suppress(email, reason, deps.clock.now());
  return { suppressed: true };
}
