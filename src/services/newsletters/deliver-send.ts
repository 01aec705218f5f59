import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { IssueMail, IssueRecipient, NewsletterRepository, SendRepository, SignedTokens } from '../../domain/newsletters/ports.ts';
import { SEND_BATCH_SIZE, SEND_PROGRESS_SLICE } from '../../domain/newsletters/rules.ts';
import type { DeliveryOutcome, OnDelivered } from '../../domain/mail/entities.ts';
import type { Clock } from '../../domain/time.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { issueOf } from './send-story.ts';
import { unsubscribeUrl } from './subscriptions.ts';

/**
 * A send's work on the fan-out (decisions 065 and 083): the `newsletter.send` job freezes the
 * audience into batches and starts one `newsletter.batch` job per batch; each batch job mails its
 * recipients over one connection, recording what became of them a slice at a time as it goes, and
 * the whole batch's outcome at the end. Both are idempotent: run again after a crash, they repeat
 * at most the messages handed over since the last slice was written.
 */

interface DeliverDeps {
  sends: SendRepository;
  stories: StoryRepository;
  newsletters: NewsletterRepository;
  settings: SettingsRepository;
  issueMail: IssueMail;
  signedTokens: SignedTokens;
  jobs: JobFanOut;
  clock: Clock;
}

/** `newsletter.send` (ref: the send's id): freeze once, then a job per batch still to mail. */
export async function startSendBatches(deps: DeliverDeps, ref: string): Promise<JobOutcome> {
  const sendId = Number(ref);
  const send = await deps.sends.findById(sendId);
  if (!send || send.state === 'sent' || send.state === 'failed') return jobDone;
  const now = deps.clock.now();
  const { batches } = await deps.sends.freeze(sendId, SEND_BATCH_SIZE, now);
  await sendJobMessages(deps.jobs.queue, await deps.sends.startBatchJobs(sendId, batches, now));
  return jobDone;
}

/**
 * `newsletter.batch` (ref: `{sendId}:{batch}`): mail the batch's recipients still queued, recounted.
 * On its last attempt, recipients the mail server still defers count as failed, so the send ends.
 */
export async function deliverSendBatch(deps: DeliverDeps, ref: string, { lastAttempt = false } = {}): Promise<JobOutcome> {
  const [sendId, batch] = ref.split(':').map(Number) as [number, number];
  const send = await deps.sends.findById(sendId);
  if (!send || send.state !== 'sending') return jobDone;
  const [story, newsletter] = await Promise.all([deps.stories.findById(send.storyId), deps.newsletters.findById(send.newsletterId)]);
  if (!story || story.status !== 'published' || !newsletter) {
    await deps.sends.fail(sendId, deps.clock.now());
    return { status: 'failed', error: 'The story is no longer published, or its newsletter is gone' };
  }
  const { mail, skip } = await deps.sends.batchRecipients(sendId, batch);
  const recipients: IssueRecipient[] = await Promise.all(
    mail.map(async (recipient) => ({
      id: recipient.id,
      email: recipient.email,
      unsubscribeUrl: await unsubscribeUrl(deps, send.origin, recipient.subscriptionId, sendId),
    })),
  );
  const progress = progressRecorder(deps, sendId, recipients, lastAttempt);
  const outcomes =
    recipients.length > 0
      ? await deps.issueMail.deliver(await issueOf(deps, story, newsletter, send.origin, sendId), recipients, progress)
      : [];
  // The whole outcome again (what progress wrote is counted once): the rest of the last slice, and the skipped.
  const { sent, failed, deferred } = sortOutcomes(outcomes, recipients, lastAttempt);
  await deps.sends.recordBatch(sendId, { sent, failed, skipped: skip }, deps.clock.now());
  // The deferred stay queued: the batch runs again after the fan-out's backoff, mailing only them.
  if (deferred > 0) return { status: 'retry', error: `${deferred} of ${recipients.length} deferred by the mail server` };
  return jobDone;
}

/** Recipient ids by what became of their message; a deferred one is failed on the batch's last attempt. */
function sortOutcomes(outcomes: readonly DeliveryOutcome[], recipients: readonly IssueRecipient[], lastAttempt: boolean) {
  const sent: number[] = [];
  const failed: number[] = [];
  let deferred = 0;
  outcomes.forEach((outcome, index) => {
    const id = recipients[index]!.id;
    if (outcome.status === 'sent') sent.push(id);
    else if (outcome.status === 'rejected' || lastAttempt) failed.push(id);
    else deferred += 1;
  });
  return { sent, failed, deferred };
}

/**
 * Writes what the mail server took every SEND_PROGRESS_SLICE messages, while the connection waits:
 * a run that dies part-way (the isolate killed, the lease lost) leaves at most the unwritten slice
 * queued, so its next run repeats at most that many messages, not the whole batch (decision 083).
 */
function progressRecorder(
  deps: Pick<DeliverDeps, 'sends' | 'clock'>,
  sendId: number,
  recipients: readonly IssueRecipient[],
  lastAttempt: boolean,
): OnDelivered {
  let unwritten: DeliveryOutcome[] = [];
  let first = 0;
  return async (index, outcome) => {
    unwritten.push(outcome);
    if (unwritten.length < SEND_PROGRESS_SLICE) return;
    const { sent, failed } = sortOutcomes(unwritten, recipients.slice(first, index + 1), lastAttempt);
    unwritten = [];
    first = index + 1;
    await deps.sends.recordProgress(sendId, { sent, failed }, deps.clock.now());
  };
}

/** The minute job's part: queued sends whose story has been published since get their first job. */
export async function startDueSends(deps: Pick<DeliverDeps, 'sends' | 'jobs' | 'clock'>): Promise<number> {
  const due = await deps.sends.dueQueued();
  const now = deps.clock.now();
  for (const sendId of due) await sendJobMessages(deps.jobs.queue, await deps.sends.startJob(sendId, now));
  return due.length;
}
