import type { SendRepository } from '../../domain/newsletters/ports.ts';
import { SEND_RECIPIENTS_FORGOTTEN_PER_RUN, SEND_RECIPIENTS_KEPT_DAYS } from '../../domain/newsletters/rules.ts';
import { addSeconds } from '../../domain/time.ts';

/**
 * The minute job's part in newsletters (decision 083): a send's recipient rows go a month after it
 * finished, a slice per run, so `send_recipients` does not grow by every send's audience (~180 bytes
 * a recipient) for ever. The send keeps its figures; a bounce or complaint that comes later still
 * suppresses the address, and is then counted on no send. Answers how many rows went.
 */
export async function forgetOldSendRecipients(deps: { sends: Pick<SendRepository, 'forgetRecipients'> }, now: string): Promise<number> {
  return deps.sends.forgetRecipients(addSeconds(now, -SEND_RECIPIENTS_KEPT_DAYS * 24 * 3600), SEND_RECIPIENTS_FORGOTTEN_PER_RUN);
}
