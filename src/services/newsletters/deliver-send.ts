import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { IssueMail, IssueRecipient, NewsletterRepository, SendRepository, SignedTokens } from '../../domain/newsletters/ports.ts';
import { SEND_BATCH_SIZE } from '../../domain/newsletters/rules.ts';
import type { Clock } from '../../domain/time.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { issueOf } from './send-story.ts';
import { unsubscribeUrl } from './subscriptions.ts';

/**
 * A send's work on the fan-out (decisions 065 and 083): the `newsletter.send` job freezes the
 * audience into batches and starts one `newsletter.batch` job per batch; each batch job mails its
 * recipients over one connection and records what became of each in one atomic write. Both are
 * idempotent: run again after a crash, they repeat at most the messages that were in flight.
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
  const outcomes =
    recipients.length > 0 ? await deps.issueMail.deliver(await issueOf(deps, story, newsletter, send.origin, sendId), recipients) : [];
  const sent: number[] = [];
  const failed: number[] = [];
  let deferred = 0;
  outcomes.forEach((outcome, index) => {
    const id = recipients[index]!.id;
    if (outcome.status === 'sent') sent.push(id);
    else if (outcome.status === 'rejected' || lastAttempt) failed.push(id);
    else deferred += 1;
  });
  await deps.sends.recordBatch(sendId, { sent, failed, skipped: skip }, deps.clock.now());
  // The deferred stay queued: the batch runs again after the fan-out's backoff, mailing only them.
  if (deferred > 0) return { status: 'retry', error: `${deferred} of ${recipients.length} deferred by the mail server` };
  return jobDone;
}

/** The minute job's part: queued sends whose story has been published since get their first job. */
export async function startDueSends(deps: Pick<DeliverDeps, 'sends' | 'jobs' | 'clock'>): Promise<number> {
  const due = await deps.sends.dueQueued();
  const now = deps.clock.now();
  for (const sendId of due) await sendJobMessages(deps.jobs.queue, await deps.sends.startJob(sendId, now));
  return due.length;
}
