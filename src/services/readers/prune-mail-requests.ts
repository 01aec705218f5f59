import { MAIL_ALLOWANCES_KEPT_SECONDS, type MailAllowances } from '../../domain/mail/allowance.ts';
import { MAIL_REQUESTS_KEPT_SECONDS, type MailRequests } from '../../domain/readers/mail-requests.ts';
import { addSeconds } from '../../domain/time.ts';

/** The minute job's part of decision 105: caps forget what is past their longest window; requests whose job gave up go after a day. */
export async function pruneMailRequests(deps: { mailAllowances: MailAllowances; mailRequests: MailRequests }, now: string): Promise<void> {
  await Promise.all([
    deps.mailAllowances.pruneBefore(addSeconds(now, -MAIL_ALLOWANCES_KEPT_SECONDS)),
    deps.mailRequests.pruneBefore(addSeconds(now, -MAIL_REQUESTS_KEPT_SECONDS)),
  ]);
}
