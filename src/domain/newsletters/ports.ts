import type { Story } from '../story/entities.ts';
import type { NewJob } from '../jobs/job.ts';
import type { DeliveryOutcome, OnDelivered } from '../mail/entities.ts';
import type {
  ConfirmedVia,
  Newsletter,
  Send,
  Subscriber,
  SubscriberStatus,
  Subscription,
  SubscriptionSource,
  SuppressionReason,
} from './entities.ts';

/** What newsletters need from storage (src/adapters/d1) and the outside world. */

export interface NewsletterFields {
  name: string;
  slug: string;
  description: string;
  beatId: number | null;
  senderName: string | null;
  isActive: boolean;
}

export interface NewsletterRepository {
  /** Active ones only unless `all`, by name. */
  list(options?: { all?: boolean }): Promise<Newsletter[]>;
  findById(id: number): Promise<Newsletter | null>;
  findBySlug(slug: string): Promise<Newsletter | null>;
  /** Null when the slug is taken. */
  create(fields: NewsletterFields, now: string): Promise<Newsletter | null>;
  /** Null when the slug is taken by another; throws nothing for a missing one (the caller checks). */
  update(id: number, fields: NewsletterFields, now: string): Promise<Newsletter | null | 'slug_taken'>;
  /** Subscribed, not suppressed, per newsletter id. */
  subscriberCounts(): Promise<Map<number, number>>;
}

export interface SubscriptionRepository {
  find(newsletterId: number, email: string): Promise<Subscription | null>;
  findById(id: number): Promise<Subscription | null>;
  /** A pending subscription with a fresh confirmation token (created, or an unsubscribed one asked again). */
  awaitConfirmation(
    input: { newsletterId: number; email: string; source: SubscriptionSource; tokenHash: string; expiresAt: string },
    now: string,
  ): Promise<void>;
  /**
   * Confirms the pending subscription the token names (unexpired): `inactive` when its newsletter
   * was deactivated since (nothing changes), null when there is no such token.
   */
  confirm(tokenHash: string, now: string): Promise<{ subscription: Subscription; newsletter: Newsletter } | 'inactive' | null>;
  /** Subscribed at once (a signed-in reader's own address, an import with consent). */
  subscribe(
    input: { newsletterId: number; email: string; source: SubscriptionSource; confirmedVia: ConfirmedVia },
    now: string,
  ): Promise<void>;
  /** Leaves a newsletter; `sendId` counts it on the send whose mail was followed. True when it was subscribed. */
  unsubscribe(newsletterId: number, email: string, now: string, sendId?: number | null): Promise<boolean>;
  /** Exactly these newsletters for this address: subscribes to the missing ones, unsubscribes from the rest. */
  setFor(email: string, newsletterIds: readonly number[], now: string): Promise<void>;
  /**
   * Pending subscriptions whose confirmation expired before `now`: one never confirmed goes, one that
   * was subscribed before goes back to unsubscribed. Answers how many changed.
   */
  pruneExpiredConfirmations(now: string): Promise<number>;
  /** Slugs of the newsletters the address is subscribed to (active ones). */
  slugsFor(email: string): Promise<string[]>;
  /** Everything held about the address's subscriptions, for the reader's export. */
  recordFor(email: string): Promise<unknown[]>;
  list(
    newsletterId: number,
    filter: { status?: SubscriberStatus; q?: string; limit: number; offset: number },
  ): Promise<{ total: number; subscribers: Subscriber[] }>;
  /** Imports confirmed addresses; the ones already there or suppressed are skipped. */
  importMany(
    newsletterId: number,
    rows: readonly { email: string; subscribedAt: string | null }[],
    now: string,
  ): Promise<{ imported: number; skipped: number }>;
}

export interface SuppressionRepository {
  isSuppressed(email: string): Promise<boolean>;
  /**
   * Suppresses the address everywhere and counts the event on the send that last mailed it (once
   * per address and send, however often the provider reports it).
   */
  suppress(email: string, reason: SuppressionReason, now: string): Promise<void>;
}

/** A batch's recipients still to mail, recounted: those who left or were suppressed since the send started are skipped. */
export interface BatchRecipients {
  /** `subscriptionId` names the address and newsletter in the mail's unsubscribe link. */
  mail: { id: number; email: string; subscriptionId: number }[];
  skip: number[];
}

/** What came of one batch: recipient ids by outcome (deferred ones stay queued for the batch's next run). */
export interface BatchOutcome {
  sent: number[];
  failed: number[];
  skipped: number[];
}

export interface SendRepository {
  findById(id: number): Promise<Send | null>;
  listForNewsletter(newsletterId: number): Promise<Send[]>;
  /**
   * A queued send; with `start` its first job (freeze the audience) is written too and returned, for
   * the caller to queue. Null when this story was already sent (or queued) to this newsletter.
   */
  create(
    input: { storyId: number; newsletterId: number; createdBy: number; origin: string; start: boolean },
    now: string,
  ): Promise<{ send: Send; jobs: NewJob[] } | null>;
  /** The first job of a queued send (none when it has one). */
  startJob(sendId: number, now: string): Promise<NewJob[]>;
  /** Queued sends whose story is published now and that have no job yet. */
  dueQueued(): Promise<number[]>;
  /** Freezes the audience into batches (once: again, it only answers the batches still to mail). */
  freeze(sendId: number, batchSize: number, now: string): Promise<{ batches: number[] }>;
  /** One job per batch (the ones that exist are left alone); returns those created. */
  startBatchJobs(sendId: number, batches: readonly number[], now: string): Promise<NewJob[]>;
  batchRecipients(sendId: number, batch: number): Promise<BatchRecipients>;
  /**
   * Writes part of a batch's outcome as the batch goes (decision 083), with the send's figures, in one
   * atomic write. Recipients already recorded are left alone, so writing an outcome again counts it once.
   */
  recordProgress(sendId: number, outcome: Omit<BatchOutcome, 'skipped'>, now: string): Promise<void>;
  /** Writes a batch's outcome and the send's figures in one atomic write; `finished` when no recipient is left. */
  recordBatch(sendId: number, outcome: BatchOutcome, now: string): Promise<{ finished: boolean }>;
  fail(sendId: number, now: string): Promise<void>;
  /** What each reader was sent, for their export. */
  recordFor(email: string): Promise<unknown[]>;
  /**
   * Forgets up to `limit` recipient rows of the sends that finished before `finishedBefore` (oldest
   * send first, whole batches): the send's figures are what is kept. Answers how many rows went.
   */
  forgetRecipients(finishedBefore: string, limit: number): Promise<number>;
}

/** Mail about newsletters that leaves now: the double opt-in's confirmation. */
export interface NewsletterMail {
  /** Throws 503 mail_not_configured when the server has no mail set up (the same for every address). */
  ensureConfigured(): void;
  confirmation(input: { to: string; newsletter: Newsletter; link: string; expiresAt: string }): Promise<void>;
}

/** Tokens the server signs (HMAC): an unsubscribe link names a subscription and the send it came in, and only the server can make one. */
export interface SignedTokens {
  sign(payload: string): Promise<string>;
  /** The payload, or null for a token the server did not sign. */
  verify(token: string): Promise<string | null>;
}

/** One story as one newsletter's issue: what every recipient's copy is made from. */
export interface Issue {
  story: Story;
  newsletter: Newsletter;
  /** The site the links point at. */
  origin: string;
  /** The newsroom's postal address (a setting), in every issue's footer. */
  postalAddress: string | null;
  /** The send it belongs to (null for a test or a preview). */
  sendId: number | null;
  /** A test mailed to the staff member who asked: marked as a test in its subject and footer, with no unsubscribe. */
  test?: boolean;
}

export interface IssueRecipient {
  /** The recipient row's id: the message's Message-ID is made from it, the same on every try. */
  id: number;
  email: string;
  unsubscribeUrl: string;
}

/** Renders issues and hands them to the mail server (src/adapters/mail). */
export interface IssueMail {
  /** Each recipient's copy, over one connection; what became of each, in order (and each as it is known: OnDelivered). */
  deliver(issue: Issue, recipients: readonly IssueRecipient[], onDelivered?: OnDelivered): Promise<DeliveryOutcome[]>;
  /** The issue as a reader's mail program shows it (HTML), for the editor's preview. */
  preview(issue: Issue): Promise<string>;
}
