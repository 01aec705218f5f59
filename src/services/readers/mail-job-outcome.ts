import { DomainError } from '../../domain/errors.ts';
import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';

/**
 * Sends one mail a reader asked for, as a fan-out job's outcome (decision 105): sent is done; a server
 * without mail set up fails for good (nothing to retry until someone sets it); a mail server that
 * cannot take it now is tried again with the kind's backoff.
 */
export async function mailJobOutcome(send: () => Promise<void>): Promise<JobOutcome> {
  try {
    await send();
    return jobDone;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'mail_not_configured') return { status: 'failed', error: error.message };
    return { status: 'retry', error: error instanceof Error ? error.message : String(error) };
  }
}
