import type { Newsletter, Send } from './entities.ts';

/** `newsletter` of docs/product/api-readers.md; `subscribers` (subscribed, not suppressed) only for staff. */
export type NewsletterAnswer = Omit<Newsletter, 'createdAt' | 'updatedAt'> & { subscribers?: number };

export function newsletterAnswer(newsletter: Newsletter, subscribers?: number): NewsletterAnswer {
  return {
    id: newsletter.id,
    slug: newsletter.slug,
    name: newsletter.name,
    description: newsletter.description,
    beat: newsletter.beat,
    senderName: newsletter.senderName,
    isActive: newsletter.isActive,
    ...(subscribers === undefined ? {} : { subscribers }),
  };
}

type SendFigures =
  | 'id'
  | 'storyId'
  | 'state'
  | 'recipients'
  | 'delivered'
  | 'failed'
  | 'bounced'
  | 'complained'
  | 'unsubscribed'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt';

/** `send` of docs/product/api-readers.md: the send's figures, its newsletter by slug. */
export type SendAnswer = Pick<Send, SendFigures> & { newsletter: string };

export function sendAnswer(send: Send): SendAnswer {
  return {
    id: send.id,
    storyId: send.storyId,
    newsletter: send.newsletterSlug,
    state: send.state,
    recipients: send.recipients,
    delivered: send.delivered,
    failed: send.failed,
    bounced: send.bounced,
    complained: send.complained,
    unsubscribed: send.unsubscribed,
    createdAt: send.createdAt,
    startedAt: send.startedAt,
    finishedAt: send.finishedAt,
  };
}
