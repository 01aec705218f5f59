import type { DeliveryOutcome, OnDelivered } from '../../domain/mail/entities.ts';
import { domainOf } from '../../domain/mail/address.ts';
import type { Issue, IssueMail, IssueRecipient, NewsletterMail } from '../../domain/newsletters/ports.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { Clock } from '../../domain/time.ts';
import { site } from '../../domain/site/site.ts';
import { confirmationLetter } from './letters/confirmation-letter.ts';
import { renderIssue } from './letters/issue-letter.ts';
import { newMessageId, readyOutbox, sendNow, type Outbox } from './mail-settings.ts';

/**
 * Newsletter mail through the outbox (decision 080): confirmations now, and issues in batches. An
 * issue carries RFC 8058's one-click unsubscribe (List-Unsubscribe with the reader's signed link,
 * List-Unsubscribe-Post) and RFC 2919's List-Id; its Message-ID is made from the send and the
 * recipient row, so a batch handed over again after a crash repeats the same message, not a new one.
 */
export class OutboxNewsletterMail implements NewsletterMail, IssueMail {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  ensureConfigured(): void {
    readyOutbox(this.outbox);
  }

  async confirmation({ to, newsletter, link }: { to: string; newsletter: Newsletter; link: string }): Promise<void> {
    const letter = confirmationLetter({ newsletter, link, siteUrl: new URL(link).origin });
    await sendNow(this.outbox, { address: to }, letter, newsletter.senderName ?? site.name, this.clock.now());
  }

  async deliver(issue: Issue, recipients: readonly IssueRecipient[], onDelivered?: OnDelivered): Promise<DeliveryOutcome[]> {
    const { mailer, from } = readyOutbox(this.outbox);
    const rendered = await renderIssue(issue, domainOf(from));
    const date = this.clock.now();
    return mailer.deliver(
      recipients.map((recipient) => ({
        from: { address: from, name: rendered.fromName },
        to: { address: recipient.email },
        subject: rendered.subject,
        text: rendered.text(recipient.unsubscribeUrl),
        html: rendered.html(recipient.unsubscribeUrl),
        messageId: issue.sendId === null ? newMessageId(from) : `send-${issue.sendId}-${recipient.id}@${domainOf(from)}`,
        date,
        // A test is not list mail: nobody subscribed to it, so there is nothing to unsubscribe from.
        headers: issue.test
          ? undefined
          : {
              'List-Unsubscribe': `<${recipient.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              'List-Id': rendered.listId,
            },
      })),
      onDelivered,
    );
  }

  /** The HTML part as a subscriber would get it (the unsubscribe link points at the account page); no mail server needed. */
  async preview(issue: Issue): Promise<string> {
    const rendered = await renderIssue(issue, this.outbox.from ? domainOf(this.outbox.from) : new URL(issue.origin).hostname);
    return rendered.html(`${issue.origin}/account`);
  }
}
