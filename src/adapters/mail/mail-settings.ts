import { addressAsStored, domainOf, isMailAddress } from '../../domain/mail/address.ts';
import type { MailAddress, OutgoingMail } from '../../domain/mail/entities.ts';
import { ServiceUnavailableError } from '../../domain/errors.ts';
import type { Mailer } from './mailer.ts';
import type { DkimSettings } from './dkim.ts';
import { SmtpMailer } from './smtp-mailer.ts';
import { parseSmtpUrl, SmtpUrlError } from './smtp-url.ts';

/** The settings mail is made from (docs/product/api.md; README "Settings"). */
export interface MailVars {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/** Mail that can leave (SMTP_URL and MAIL_FROM set and valid), or why it cannot. */
export type Outbox = { mailer: Mailer; from: string; problem: null } | { mailer: null; from: null; problem: string };

function dkimSettings(env: MailVars, from: string): DkimSettings | null {
  if (!env.DKIM_PRIVATE_KEY) return null;
  return { domain: env.DKIM_DOMAIN || domainOf(from), selector: env.DKIM_SELECTOR || 'newsroom', privateKey: env.DKIM_PRIVATE_KEY };
}

/** Reads SMTP_URL, MAIL_FROM and DKIM_*; a missing or broken setting makes every mail call answer 503 saying which. */
export function openOutbox(env: MailVars, mailer?: Mailer): Outbox {
  if (!env.SMTP_URL) return { mailer: null, from: null, problem: 'Mail is not set up on this server (SMTP_URL is not set).' };
  const from = addressAsStored(env.MAIL_FROM ?? '');
  if (!isMailAddress(from))
    return { mailer: null, from: null, problem: 'Mail is not set up on this server (MAIL_FROM is not a mail address).' };
  try {
    return { mailer: mailer ?? new SmtpMailer(parseSmtpUrl(env.SMTP_URL), dkimSettings(env, from)), from, problem: null };
  } catch (error) {
    if (error instanceof SmtpUrlError)
      return { mailer: null, from: null, problem: `Mail is not set up on this server (${error.message}).` };
    throw error;
  }
}

/** The outbox, or a 503 saying why mail cannot leave. */
export function readyOutbox(outbox: Outbox): { mailer: Mailer; from: string } {
  if (outbox.mailer === null) throw new ServiceUnavailableError('mail_not_configured', outbox.problem);
  return outbox;
}

/** A Message-ID's inside: random, at the sender's domain. */
export function newMessageId(from: string): string {
  return `${crypto.randomUUID()}@${domainOf(from)}`;
}

/**
 * Sends one transactional message now (a sign-in link, a confirmation, a staff notice): 503 when
 * mail is not set up or the server cannot take it now. A permanent refusal of the recipient is not
 * an error to the caller (the address simply does not receive mail).
 */
export async function sendNow(
  outbox: Outbox,
  to: MailAddress,
  letter: Omit<OutgoingMail, 'from' | 'to' | 'messageId' | 'date'>,
  fromName: string,
  now: string,
): Promise<void> {
  const { mailer, from } = readyOutbox(outbox);
  let outcome;
  try {
    [outcome] = await mailer.deliver([
      { ...letter, from: { address: from, name: fromName }, to, messageId: newMessageId(from), date: now },
    ]);
  } catch (error) {
    console.error('Mail could not be handed to the mail server', error);
    throw new ServiceUnavailableError('mail_unavailable', 'The mail server cannot take mail right now. Try again in a few minutes.');
  }
  if (outcome?.status === 'deferred') {
    console.error('The mail server deferred a message', outcome.reason);
    throw new ServiceUnavailableError('mail_unavailable', 'The mail server cannot take mail right now. Try again in a few minutes.');
  }
}
