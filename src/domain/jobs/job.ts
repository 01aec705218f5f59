/**
 * Work done after the request that asked for it (decision 065): pictures made at every width, a
 * newsletter's batches mailed, a story delivered to fediverse inboxes, an alert pushed. D1 holds each
 * job as a row (the ledger); the queue only says "look at job {id}". A job is claimed with a lease
 * before it runs, so a message delivered twice runs it once, and a job whose runner died is run
 * again once its lease is over.
 */

/** Each kind names one handler; a feature adds its kind here and its handler in adapters/queues/job-handlers.ts. */
export const JOB_KINDS = [
  'picture.derivatives',
  'federation.delivery',
  'newsletter.send',
  'newsletter.batch',
  'alert.audience',
  'alert.batch',
  'reader.sign_in_mail',
  'newsletter.confirmation_mail',
  'captions.transcribe',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export function isJobKind(value: unknown): value is JobKind {
  return typeof value === 'string' && (JOB_KINDS as readonly string[]).includes(value);
}

/** What one queue message carries: which job, never its data (addresses, bodies stay in D1). */
export interface JobMessage {
  jobId: string;
  kind: JobKind;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

/** A job to create: `ref` names what it works on (a picture's key, a batch id). One job per kind and ref. */
export interface NewJob {
  id: string;
  kind: JobKind;
  ref: string;
}

/** A job its runner holds: the lease keeps anyone else from running it until `leaseUntil`. */
export interface ClaimedJob {
  id: string;
  kind: JobKind;
  ref: string;
  /** 1 on the first run. */
  attempt: number;
  leaseUntil: string;
}

/**
 * What a handler says of one run: done, try again later (a transient failure), or give up. A retry
 * may say how long the service it talks to asked to be left alone (its Retry-After): the next run
 * waits at least that, up to the kind's longest delay.
 */
export type JobOutcome =
  { status: 'done' } | { status: 'retry'; error: string; notBeforeSeconds?: number } | { status: 'failed'; error: string };

export const jobDone: JobOutcome = { status: 'done' };

/**
 * How a kind is run: how long one run may hold the job, and how failed runs are retried. Delays
 * double from `firstRetrySeconds` up to `maxRetrySeconds`; after `maxAttempts` runs the job fails.
 */
export interface JobPolicy {
  leaseSeconds: number;
  /**
   * Runs of this kind go one at a time in an isolate, not side by side: for work that keeps this
   * machine busy rather than waiting on another (locally, the Images binding is our own CPU).
   */
  oneAtATime?: boolean;
  maxAttempts: number;
  firstRetrySeconds: number;
  maxRetrySeconds: number;
}

export const JOB_POLICIES: Record<JobKind, JobPolicy> = {
  // Up to 18 pictures encoded in one run; a first reader resizes on the fly meanwhile, so failing is cheap.
  // One at a time: side by side, a fresh site's pictures would starve its first readers' own resizes.
  'picture.derivatives': { leaseSeconds: 300, maxAttempts: 5, firstRetrySeconds: 30, maxRetrySeconds: 600, oneAtATime: true },
  // One batch of an activity's inboxes (docs/decisions/096): up to 50 requests of at most 10 s, 16 at a
  // time; a server that stays down is tried again from a minute apart up to six hours apart, for about
  // a day (14 runs: 16 to 32 hours depending on the jitter), then given up.
  'federation.delivery': { leaseSeconds: 300, maxAttempts: 14, firstRetrySeconds: 60, maxRetrySeconds: 6 * 3600 },
  // A send's first job (decision 083): freezes the audience into batches and starts a job for each; quick, retried soon.
  'newsletter.send': { leaseSeconds: 120, maxAttempts: 10, firstRetrySeconds: 15, maxRetrySeconds: 900 },
  // One batch of 100 recipients over one SMTP connection. A mail server that defers is tried again
  // for about a day (12 attempts from a minute, doubling to two hours); on the last, what it still
  // defers counts as failed, so the send ends.
  'newsletter.batch': { leaseSeconds: 300, maxAttempts: 12, firstRetrySeconds: 60, maxRetrySeconds: 7200 },
  // An alert's audience frozen a chunk at a time (decision 101): a few D1 statements a run; a failure is D1's, soon over.
  'alert.audience': { leaseSeconds: 60, maxAttempts: 10, firstRetrySeconds: 5, maxRetrySeconds: 300 },
  // A batch of an alert's recipients: one round of pushes fits well within the lease (ROUND_SECONDS, PUSH_TIMEOUT_SECONDS
  // in domain/alerts/delivery.ts); pushes the services refused for now (429, 5xx) are tried again, news goes stale fast.
  'alert.batch': { leaseSeconds: 120, maxAttempts: 6, firstRetrySeconds: 10, maxRetrySeconds: 900 },
  // One mail a reader asked for, after the request was answered (decision 105, decision 105). A sign-in link
  // is worth little after its 15 minutes: tried for about ten (10 s doubling to 2 min); a confirmation
  // lives a week: tried for about a day (a minute doubling to two hours).
  'reader.sign_in_mail': { leaseSeconds: 60, maxAttempts: 6, firstRetrySeconds: 10, maxRetrySeconds: 120 },
  'newsletter.confirmation_mail': { leaseSeconds: 60, maxAttempts: 12, firstRetrySeconds: 60, maxRetrySeconds: 7200 },
  // A video's audio sent to the transcriber a piece (10 minutes) at a time (decision 126): an hour is six requests of
  // up to a minute or two each with a real whisper. One at a time: each piece is held in memory (up to 24 MB). A
  // transcriber that stays busy (429, 5xx) is tried again from half a minute up to half an hour apart, then the track fails.
  'captions.transcribe': { leaseSeconds: 900, maxAttempts: 6, firstRetrySeconds: 30, maxRetrySeconds: 1800, oneAtATime: true },
};

/**
 * Seconds to wait before run `attempt + 1`, after run `attempt` failed: doubling from the first delay
 * up to the cap, spread by `jitter` (0 to 1, from the caller's random source) over the upper half, so
 * jobs that failed together do not all come back together. Null when the job has had its last run.
 */
export function retryDelaySeconds(policy: JobPolicy, attempt: number, jitter: number, notBeforeSeconds = 0): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const full = Math.min(policy.maxRetrySeconds, policy.firstRetrySeconds * 2 ** Math.max(0, attempt - 1));
  const spread = Math.min(1, Math.max(0, jitter));
  return Math.max(1, Math.round(full * (0.5 + spread / 2)), Math.min(notBeforeSeconds, policy.maxRetrySeconds));
}

/**
 * How long a pending job may wait for its message before the minute job sends another: queues
 * deliver within seconds, and a local queue loses its messages when the process dies.
 */
export const UNCLAIMED_JOB_GRACE_SECONDS = 60;

/** Finished jobs are kept this long for the record (what ran, how often, why it failed), then pruned. */
export const FINISHED_JOB_DAYS = 7;
