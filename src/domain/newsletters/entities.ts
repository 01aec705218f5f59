/** Newsletters, their subscribers and their sends (docs/product/api-readers.md, decisions 082 and 083). */

export interface Newsletter {
  id: number;
  slug: string;
  name: string;
  description: string;
  beat: { id: number; name: string } | null;
  /** The From display name; the site's name when null. */
  senderName: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** How an address came to the list (the subscriber list's `source`). */
export type SubscriptionSource = 'form' | 'account' | 'sign_in' | 'import';
export const SUBSCRIBER_STATUSES = ['subscribed', 'pending', 'unsubscribed', 'suppressed'] as const;
/** `suppressed` is not stored: an address the mail server bounced hard or that complained is suppressed for every newsletter. */
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type StoredSubscriptionStatus = Exclude<SubscriberStatus, 'suppressed'>;

/** How a subscription was confirmed (the reader's export says it). */
export type ConfirmedVia = 'link' | 'signed_in' | 'sign_in_link' | 'import';

export interface Subscription {
  id: number;
  newsletterId: number;
  email: string;
  status: StoredSubscriptionStatus;
  source: SubscriptionSource;
  confirmedVia: ConfirmedVia | null;
  createdAt: string;
  subscribedAt: string | null;
  unsubscribedAt: string | null;
  /** When the last confirmation mail went out (pending ones). */
  confirmationSentAt: string | null;
}

/** A row of the subscriber list as staff see it. */
export interface Subscriber {
  email: string;
  status: SubscriberStatus;
  subscribedAt: string | null;
  source: SubscriptionSource;
}

export type SendState = 'queued' | 'sending' | 'sent' | 'failed';

export interface Send {
  id: number;
  storyId: number;
  newsletterId: number;
  newsletterSlug: string;
  state: SendState;
  /** The site's origin the mail's links point at (the send's request knew it). */
  origin: string;
  createdBy: number;
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

/** Why an address is suppressed everywhere. */
export type SuppressionReason = 'hard_bounce' | 'complaint';
