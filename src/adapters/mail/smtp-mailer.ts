import type { DeliveryOutcome, OnDelivered, OutgoingMail } from '../../domain/mail/entities.ts';
import { domainOf } from '../../domain/mail/address.ts';
import type { Mailer } from './mailer.ts';
import { importDkimKey, signDkim, type DkimSettings } from './dkim.ts';
import { mimeMessage, writeMessage } from './mime.ts';
import { SmtpConnectionError, SmtpRefusal, SmtpSession } from './smtp-session.ts';
import type { SmtpSettings } from './smtp-url.ts';

/**
 * The Mailer over SMTP (decision 080): each call opens one connection to SMTP_URL, hands its
 * messages over in order, DKIM-signed where a key is set, and closes it. The envelope sender is
 * the message's From address (bounces return there, or to the relay that rewrites it).
 */
export class SmtpMailer implements Mailer {
  private key: Promise<CryptoKey> | null = null;

  constructor(
    private readonly smtp: SmtpSettings,
    private readonly dkim: DkimSettings | null = null,
  ) {}

  async deliver(mails: readonly OutgoingMail[], onDelivered?: OnDelivered): Promise<DeliveryOutcome[]> {
    if (mails.length === 0) return [];
    const session = await SmtpSession.open(this.smtp, domainOf(mails[0]!.from.address));
    const outcomes: DeliveryOutcome[] = [];
    const settle = async (outcome: DeliveryOutcome) => {
      outcomes.push(outcome);
      await onDelivered?.(outcomes.length - 1, outcome);
    };
    try {
      for (const mail of mails) {
        let outcome: DeliveryOutcome;
        try {
          await session.send(mail.from.address, mail.to.address, await this.wire(mail));
          outcome = { status: 'sent' };
        } catch (error) {
          if (!(error instanceof SmtpRefusal)) throw error;
          outcome = { status: error.permanent ? 'rejected' : 'deferred', reason: error.message };
        }
        await settle(outcome);
      }
    } catch (error) {
      session.abort();
      if (!(error instanceof SmtpConnectionError)) throw error;
      // The connection is gone: the message in hand and every one after it wait for another try.
      while (outcomes.length < mails.length) await settle({ status: 'deferred', reason: error.message });
      return outcomes;
    }
    await session.quit();
    return outcomes;
  }

  private async wire(mail: OutgoingMail): Promise<string> {
    const message = mimeMessage(mail);
    if (!this.dkim) return writeMessage(message);
    this.key ??= importDkimKey(this.dkim.privateKey);
    return writeMessage(await signDkim(message, this.dkim, await this.key, Math.floor(Date.parse(mail.date) / 1000)));
  }
}
