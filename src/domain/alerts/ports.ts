import type { AuditEntry } from '../audit/audit.ts';
import type { NewJob } from '../jobs/job.ts';
import type { Alert, AlertContent, AlertMessage } from './alert.ts';
import type { PushResult } from './delivery.ts';
import type { TopicKey } from './topics.ts';

/** Where a push goes and the keys it is encrypted with (RFC 8291): a browser's subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 Topic: at most 32 URL-safe base64 characters. */
  topic: string;
  /** The VAPID contact (RFC 8292 `sub`): a mailto: or https: address. */
  contact: string;
}

/**
 * Web Push (adapters/push): encrypts a message for one subscription (RFC 8291, aes128gcm), signs
 * the request for the endpoint's origin (RFC 8292, VAPID) and posts it. Never throws for what the
 * push service answers or for a failed connection: those are results.
 */
export interface PushSender {
  send(target: PushTarget, message: AlertMessage, options: PushOptions): Promise<PushResult>;
}

/** The push adapter's key work: the application server's public key, and whether a browser's key is a point on P-256. */
export interface PushKeys {
  /** The VAPID public key browsers subscribe with (base64url), or null when none is configured. */
  readonly publicKey: string | null;
  isP256PublicKey(p256dh: string): Promise<boolean>;
}

/** Readers' subscriptions, one per endpoint (migrations/0070). */
export interface PushSubscriptionRepository {
  /** Creates the subscription, or replaces the keys and topics of the one with this endpoint, atomically. */
  save(subscription: PushTarget, topics: readonly TopicKey[], now: string): Promise<{ id: number }>;
  /** False when there was none. Its topics go with it; alerts being sent skip it. */
  removeByEndpoint(endpoint: string): Promise<boolean>;
}

/** An alert to send: its story, topic, what it shows, whom push services may write to, and who sent it. */
export type NewAlert = AlertContent & { sentBy: number };

/** A subscription in a batch still to be pushed; `target` is null when it was removed since the alert started. */
export interface PendingRecipient {
  subscriptionId: number;
  target: PushTarget | null;
  /** Alerts running whose pushes its push service refused (delivery.ts, REFUSALS_BEFORE_REMOVAL). */
  refusals: number;
}

/** What one round of a batch came to, by recipient. */
export interface RoundOutcomes {
  delivered: { subscriptionId: number; status: number }[];
  /** The push service said 404 or 410: the subscription goes. */
  gone: { subscriptionId: number; status: number }[];
  /** The subscription was removed before its turn (turned off, or gone in another alert). */
  unsubscribed: number[];
  failed: { subscriptionId: number; status: number | null }[];
  /** Of the failed, those the push service refused (a 4xx other than 404 and 410): one more refusal each; a delivery clears the count. */
  refused: number[];
  /** Refused for now (429, 5xx, no answer): tried again on the batch's next run, not before the service's Retry-After. */
  retry: { subscriptionId: number; status: number | null; retryAfterSeconds: number | null }[];
}

/** A job a write started (decision 065), whose message the caller sends. */
export type StartedJob = Pick<NewJob, 'id' | 'kind'>;

/** The run of the fan-out's job that holds a batch (decision 065): its id and attempt fence every write. */
export interface JobFence {
  id: string;
  attempt: number;
}

/**
 * Alerts and their audiences in D1 (migrations/0071). Each write that starts work writes its jobs
 * (decision 065) in the same atomic batch, and answers their messages for the queue.
 */
export interface AlertRepository {
  /**
   * The alert, its audience's bound (the subscriptions there are now) and the job that freezes it, in
   * one write; `existing` is the id of this story's alert on this topic when there is one.
   */
  create(
    alert: NewAlert,
    now: string,
    audit: readonly AuditEntry[],
  ): Promise<{ created: Alert; jobs: StartedJob[] } | { existing: number }>;
  findById(id: number): Promise<Alert | null>;
  /** A story's alerts, newest first. */
  listForStory(storyId: number): Promise<Alert[]>;
  /**
   * Freezes the next chunk of the audience after subscription `cursor` into recipient rows and
   * batches, with a job per batch and one for the next chunk, in one write; nothing when that chunk is
   * frozen already (a repeated run). Answers the jobs to send.
   */
  freezeChunk(alertId: number, cursor: number, now: string): Promise<StartedJob[]>;
  /** A batch's recipients still to push, and its alert; null when there is no such alert. */
  pendingBatch(alertId: number, batch: number): Promise<{ alert: Alert; recipients: PendingRecipient[] } | null>;
  /**
   * Writes a round's outcomes, the alert's figures, the removal of the subscriptions that are gone and,
   * when it was the last work, the alert's end, in one write that applies only while `fence` still holds
   * the batch's job. False when it did not.
   */
  recordRound(alertId: number, outcomes: RoundOutcomes, fence: JobFence, now: string): Promise<boolean>;
  /**
   * Ends the alerts started before `startedBefore` that are still not sent (a batch whose job gave up
   * on an error, an audience whose freezing died): what is pending fails, the alert is sent. Answers
   * how many it ended.
   */
  endStale(startedBefore: string, now: string): Promise<number>;
  /**
   * Forgets up to `limit` recipient rows of the alerts that finished before `finishedBefore` (oldest
   * alert first): once an alert is sent its figures hold what is kept, and the rows were only there
   * to push each subscription once. Answers how many rows went.
   */
  forgetRecipients(finishedBefore: string, limit: number): Promise<number>;
}
