import type { Newsletter } from './entities.ts';

/** `newsletter` of docs/product/api-readers.md; `subscribers` (subscribed, not suppressed) only for staff. */
export interface NewsletterAnswer {
  id: number;
  slug: string;
  name: string;
  description: string;
  beat: { id: number; name: string } | null;
  senderName: string | null;
  isActive: boolean;
  subscribers?: number;
}

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
