import { READER_PATHS } from '../../contract/page-contract.ts';
import { DomainError } from '../../domain/errors.ts';
import type { JobOutcome } from '../../domain/jobs/job.ts';
import { jobDone } from '../../domain/jobs/job.ts';
import type { JobQueue } from '../../domain/jobs/ports.ts';
import { allowanceWindow, type MailAllowances } from '../../domain/mail/allowance.ts';
import { mailboxOf } from '../../domain/mail/mailbox.ts';
import type { NewsletterRepository, SuppressionRepository } from '../../domain/newsletters/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader, SignInLinkPreview } from '../../domain/readers/entities.ts';
import type { MailRequests } from '../../domain/readers/mail-requests.ts';
import type { OneTimeTokens, ReaderMail, ReaderSignInRepository } from '../../domain/readers/ports.ts';
import { READER_SESSION_DAYS, SIGN_IN_LINK_MINUTES } from '../../domain/readers/rules.ts';
import { addSeconds } from '../../domain/time.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { mailJobOutcome } from './mail-job-outcome.ts';

/** Signing a reader in with a link mailed to them (docs/product/api.md, "Readers and newsletters"; decisions 081, 105). */

export interface SignInRequest {
  /** As stored (src/domain/mail/address.ts). */
  email: string;
  newsletters: readonly string[];
  /** A local path (rules.ts isLocalPath) to go to once signed in. */
  next?: string;
  /** The site's origin, which the link points at (SITE_ORIGIN, else the request's). */
  origin: string;
  /** The SHA-256 of the asking browser's sign-in cookie. */
  browserHash: string | null;
}

/** The link a reader follows: the sign-in page, with the token (and where to go next) in the fragment, which no server ever sees. */
export function signInLinkUrl(origin: string, token: string, next?: string): string {
  const fragment = new URLSearchParams({ token, ...(next ? { next } : {}) });
  return `${origin}${READER_PATHS.signIn}#${fragment}`;
}

/**
 * POST /api/readers/signin: answered at once and alike for any well-formed address, known or not;
 * the link is mailed afterwards by the fan-out (mailSignInLink). At most MAIL_ALLOWANCES['reader.sign_in']
 * links per mailbox (its +tags and Gmail's dots folded) in a link's lifetime: past that nothing more is
 * asked for, and the answer is the same, so the form cannot flood anyone's inbox (decision 105).
 */
export async function requestReaderSignIn(
  deps: {
    mailAllowances: MailAllowances;
    mailRequests: MailRequests;
    readerMail: Pick<ReaderMail, 'ensureConfigured'>;
    jobs: { queue: JobQueue };
    clock: Clock;
  },
  request: SignInRequest,
): Promise<void> {
  deps.readerMail.ensureConfigured();
  const now = deps.clock.now();
  if (!(await deps.mailAllowances.take('reader.sign_in', mailboxOf(request.email), allowanceWindow('reader.sign_in', now), now))) return;
  const jobs = await deps.mailRequests.enqueue(
    {
      kind: 'sign_in',
      email: request.email,
      newsletters: [...new Set(request.newsletters)],
      next: request.next ?? null,
      browserHash: request.browserHash,
      origin: request.origin,
    },
    crypto.randomUUID(),
    now,
  );
  await sendJobMessages(deps.jobs.queue, jobs);
}

/**
 * The `reader.sign_in_mail` job: makes the single-use link (15 minutes from now) and mails it, naming
 * the newsletters it joins: the active ones asked for, and only those. A suppressed address (a hard
 * bounce, a complaint) gets nothing. A mail server that cannot take it now is tried again (a new link
 * each time; one never mailed simply expires).
 */
export async function mailSignInLink(
  deps: {
    mailRequests: MailRequests;
    readerSignIns: ReaderSignInRepository;
    newsletters: Pick<NewsletterRepository, 'list'>;
    suppressions: Pick<SuppressionRepository, 'isSuppressed'>;
    tokens: OneTimeTokens;
    readerMail: ReaderMail;
    clock: Clock;
  },
  ref: string,
): Promise<JobOutcome> {
  const request = /^[1-9][0-9]{0,15}$/.test(ref) ? await deps.mailRequests.find(Number(ref)) : null;
  if (!request || request.kind !== 'sign_in') return jobDone;
  if (await deps.suppressions.isSuppressed(request.email)) {
    await deps.mailRequests.remove(request.id);
    return jobDone;
  }
  const active = await deps.newsletters.list();
  const named = active.filter((newsletter) => request.newsletters.includes(newsletter.slug));
  const now = deps.clock.now();
  const token = deps.tokens.create();
  const expiresAt = addSeconds(now, SIGN_IN_LINK_MINUTES * 60);
  await deps.readerSignIns.create({
    tokenHash: await deps.tokens.hash(token),
    email: request.email,
    newsletters: named.map((newsletter) => newsletter.slug),
    browserHash: request.browserHash,
    createdAt: now,
    expiresAt,
  });
  const link = signInLinkUrl(request.origin, token, request.next ?? undefined);
  const outcome = await mailJobOutcome(() =>
    deps.readerMail.signInLink(
      request.email,
      link,
      expiresAt,
      named.map((newsletter) => newsletter.name),
    ),
  );
  if (outcome.status !== 'retry') await deps.mailRequests.remove(request.id);
  return outcome;
}

export const invalidSignInLink = () =>
  new DomainError('validation', 'invalid_token', 'This sign-in link is used, expired or not valid. Ask for a new one.');

/**
 * POST /api/readers/session/check: what a link would do, without using it: whose account, the
 * newsletters it joins, and whether this browser is the one that asked for it. The page a link opens
 * signs in at once only then; opened anywhere else it says whose account this is and asks first, so a
 * link someone else sent never signs a reader into their account unawares (decision 105).
 */
export async function checkSignInLink(
  deps: { readerSignIns: ReaderSignInRepository; newsletters: Pick<NewsletterRepository, 'list'>; tokens: OneTimeTokens; clock: Clock },
  token: string,
  browserHash: string | null,
): Promise<SignInLinkPreview> {
  const link = await deps.readerSignIns.findUsable(await deps.tokens.hash(token), deps.clock.now());
  if (!link) throw invalidSignInLink();
  const names = new Map((await deps.newsletters.list()).map((newsletter) => [newsletter.slug, newsletter.name]));
  return {
    email: link.email,
    newsletters: link.newsletters.flatMap((slug) => (names.has(slug) ? [{ slug, name: names.get(slug)! }] : [])),
    thisBrowser: browserHash !== null && link.browserHash === browserHash,
  };
}

/**
 * POST /api/readers/session: follows a link once. The reader is created the first time, the
 * link's newsletters joined, and a session opened, all in one atomic write; a used, expired or
 * unknown token changes nothing.
 */
export async function startReaderSession(
  deps: { readerSignIns: ReaderSignInRepository; tokens: OneTimeTokens; clock: Clock },
  token: string,
): Promise<{ reader: Reader; sessionToken: string; expiresAt: string }> {
  const now = deps.clock.now();
  const sessionToken = deps.tokens.create();
  const expiresAt = addSeconds(now, READER_SESSION_DAYS * 86_400);
  const reader = await deps.readerSignIns.redeem(await deps.tokens.hash(token), {
    tokenHash: await deps.tokens.hash(sessionToken),
    createdAt: now,
    expiresAt,
  });
  if (!reader) throw invalidSignInLink();
  return { reader, sessionToken, expiresAt };
}
