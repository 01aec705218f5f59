import type { NewJob } from '../jobs/job.ts';

/**
 * A sign-in link or a subscription's confirmation a reader (or anyone) asked for (decision 105, decision
 * 105): the request is answered at once, alike for every address, and the mail leaves afterwards
 * through the fan-out (decision 065), whose job decides whether to send at all.
 */
export type MailRequestKind = 'sign_in' | 'confirmation';

export interface MailRequest {
  id: number;
  kind: MailRequestKind;
  email: string;
  /** Newsletter slugs: a sign-in link's (joined when it is followed), or the one a confirmation is for. */
  newsletters: string[];
  /** A sign-in link's page to go on to. */
  next: string | null;
  /** The SHA-256 of the asking browser's sign-in cookie (a sign-in link's). */
  browserHash: string | null;
  /** The site the mail's links point at. */
  origin: string;
  createdAt: string;
}

/** The fan-out's job kind for each kind of request (domain/jobs/job.ts). */
export const MAIL_REQUEST_JOBS = { sign_in: 'reader.sign_in_mail', confirmation: 'newsletter.confirmation_mail' } as const;

/** Requests whose job gave up (and so never deleted them) are forgotten after this long. */
export const MAIL_REQUESTS_KEPT_SECONDS = 24 * 3600;

export interface MailRequests {
  /** Writes the request and its job in one write; answers the job, for the caller to queue. */
  enqueue(request: Omit<MailRequest, 'id' | 'createdAt'>, jobId: string, now: string): Promise<NewJob[]>;
  find(id: number): Promise<MailRequest | null>;
  /** Done with (mailed, or nothing to mail). */
  remove(id: number): Promise<void>;
  pruneBefore(before: string): Promise<void>;
}
