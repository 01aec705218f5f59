import type { Send } from '../../domain/newsletters/entities.ts';

/** `send` of docs/product/api-readers.md. */
export interface SendAnswer {
  id: number;
  storyId: number;
  newsletter: string;
  state: Send['state'];
  recipients: number;
  delivered: number;
  failed: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

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
