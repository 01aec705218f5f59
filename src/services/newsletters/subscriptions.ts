import { NEWSLETTER_PATHS } from '../../contract/page-contract.ts';
import { DomainError, ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type {
  NewsletterMail,
  NewsletterRepository,
  SignedTokens,
  SubscriptionRepository,
  SuppressionRepository,
} from '../../domain/newsletters/ports.ts';
import { CONFIRMATION_DAYS, CONFIRMATION_RESEND_MINUTES } from '../../domain/newsletters/rules.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { OneTimeTokens } from '../../domain/readers/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';
import type { JobQueue } from '../../domain/jobs/ports.ts';
import { allowanceWindow, type MailAllowances } from '../../domain/mail/allowance.ts';
import { mailboxOf } from '../../domain/mail/mailbox.ts';
import type { MailRequests } from '../../domain/readers/mail-requests.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { mailJobOutcome } from '../readers/mail-job-outcome.ts';

/** Joining and leaving newsletters (docs/product/api-readers.md; decision 082): double opt-in, one-click unsubscribe. */

async function activeNewsletter(deps: { newsletters: NewsletterRepository }, slug: string): Promise<Newsletter> {
  const newsletter = await deps.newsletters.findBySlug(slug);
  if (!newsletter?.isActive) throw new NotFoundError('Newsletter');
  return newsletter;
}

/**
 * POST /api/newsletters/{slug}/subscribe. A signed-in reader subscribing their own address is
 * subscribed at once. For anyone else the answer comes at once and alike for every address (known,
 * subscribed, suppressed or never seen: nothing about the address is read), and the confirmation
 * leaves afterwards through the fan-out (mailConfirmation), which decides whether to send it. At most
 * MAIL_ALLOWANCES['newsletter.confirmation'] are asked for per mailbox, every newsletter together (decision 105).
 */
export async function subscribe(
  deps: {
    newsletters: NewsletterRepository;
    subscriptions: SubscriptionRepository;
    mailAllowances: MailAllowances;
    mailRequests: MailRequests;
    newsletterMail: Pick<NewsletterMail, 'ensureConfigured'>;
    jobs: { queue: JobQueue };
    clock: Clock;
  },
  input: { slug: string; email: string; reader: Reader | null; origin: string },
): Promise<{ subscribed: boolean }> {
  const newsletter = await activeNewsletter(deps, input.slug);
  const now = deps.clock.now();
  if (input.reader && input.reader.email === input.email) {
    await deps.subscriptions.subscribe(
      { newsletterId: newsletter.id, email: input.email, source: 'account', confirmedVia: 'signed_in' },
      now,
    );
    return { subscribed: true };
  }
  deps.newsletterMail.ensureConfigured();
  const mailbox = mailboxOf(input.email);
  if (await deps.mailAllowances.take('newsletter.confirmation', mailbox, allowanceWindow('newsletter.confirmation', now), now)) {
    const jobs = await deps.mailRequests.enqueue(
      { kind: 'confirmation', email: input.email, newsletters: [newsletter.slug], next: null, browserHash: null, origin: input.origin },
      crypto.randomUUID(),
      now,
    );
    await sendJobMessages(deps.jobs.queue, jobs);
  }
  return { subscribed: false };
}

/**
 * The `newsletter.confirmation_mail` job: an address that is subscribed already, suppressed, or was
 * sent a confirmation in the last CONFIRMATION_RESEND_MINUTES gets nothing; any other becomes pending
 * with a fresh link (CONFIRMATION_DAYS), mailed now. Nothing is subscribed until the link is followed.
 */
export async function mailConfirmation(
  deps: {
    mailRequests: MailRequests;
    newsletters: NewsletterRepository;
    subscriptions: SubscriptionRepository;
    suppressions: SuppressionRepository;
    tokens: OneTimeTokens;
    newsletterMail: NewsletterMail;
    clock: Clock;
  },
  ref: string,
): Promise<JobOutcome> {
  const request = /^[1-9][0-9]{0,15}$/.test(ref) ? await deps.mailRequests.find(Number(ref)) : null;
  if (!request || request.kind !== 'confirmation') return jobDone;
  const done = async () => (await deps.mailRequests.remove(request.id), jobDone);
  const newsletter = await deps.newsletters.findBySlug(request.newsletters[0] ?? '');
  if (!newsletter?.isActive) return done();
  const now = deps.clock.now();
  const existing = await deps.subscriptions.find(newsletter.id, request.email);
  if (existing?.status === 'subscribed') return done();
  const recently = addSeconds(now, -CONFIRMATION_RESEND_MINUTES * 60);
  if (existing?.status === 'pending' && existing.confirmationSentAt !== null && existing.confirmationSentAt > recently) return done();
  if (await deps.suppressions.isSuppressed(request.email)) return done();
  const token = deps.tokens.create();
  const expiresAt = addSeconds(now, CONFIRMATION_DAYS * 86_400);
  await deps.subscriptions.awaitConfirmation(
    { newsletterId: newsletter.id, email: request.email, source: 'form', tokenHash: await deps.tokens.hash(token), expiresAt },
    now,
  );
  const link = `${request.origin}${NEWSLETTER_PATHS.confirm}#${new URLSearchParams({ token })}`;
  const outcome = await mailJobOutcome(() => deps.newsletterMail.confirmation({ to: request.email, newsletter, link, expiresAt }));
  if (outcome.status !== 'retry') await deps.mailRequests.remove(request.id);
  return outcome;
}

/** POST /api/newsletters/confirm: follows a confirmation link once. */
export async function confirmSubscription(
  deps: { subscriptions: SubscriptionRepository; tokens: OneTimeTokens; clock: Clock },
  token: string,
): Promise<{ newsletter: Newsletter; email: string }> {
  const confirmed = await deps.subscriptions.confirm(await deps.tokens.hash(token), deps.clock.now());
  if (confirmed === 'inactive')
    throw new ConflictError('newsletter_inactive', 'This newsletter is no longer sent, so there is nothing to confirm.');
  if (!confirmed)
    throw new DomainError(
      'validation',
      'invalid_token',
      'This confirmation link is used, expired or not valid. Subscribe again for a new one.',
    );
  return { newsletter: confirmed.newsletter, email: confirmed.subscription.email };
}

/** The payload of an unsubscribe token: `u1.{subscriptionId}.{sendId or 0}`. */
export function unsubscribePayload(subscriptionId: number, sendId: number | null): string {
  return `u1.${subscriptionId}.${sendId ?? 0}`;
}

export const UNSUBSCRIBE_PATH = '/api/newsletters/unsubscribe';

export async function unsubscribeUrl(
  deps: { signedTokens: SignedTokens },
  origin: string,
  subscriptionId: number,
  sendId: number | null,
): Promise<string> {
  return `${origin}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: await deps.signedTokens.sign(unsubscribePayload(subscriptionId, sendId)) })}`;
}

export interface UnsubscribeTarget {
  subscriptionId: number;
  sendId: number | null;
}

/** What a signed unsubscribe token names; 400 invalid_token for one the server did not sign. */
export async function readUnsubscribeToken(deps: { signedTokens: SignedTokens }, token: string): Promise<UnsubscribeTarget> {
  const payload = token.length <= 300 ? await deps.signedTokens.verify(token) : null;
  const match = payload ? /^u1\.([1-9][0-9]{0,15})\.([0-9]{1,16})$/.exec(payload) : null;
  if (!match) throw new DomainError('validation', 'invalid_token', 'This unsubscribe link is not valid.');
  const sendId = Number(match[2]);
  return { subscriptionId: Number(match[1]), sendId: sendId > 0 ? sendId : null };
}

/**
 * POST /api/newsletters/unsubscribe?token= (RFC 8058 one-click): that address leaves that
 * newsletter, no sign-in needed; counted on the send whose mail carried the link. Leaving twice is
 * the same as once.
 */
export async function unsubscribeByToken(
  deps: { signedTokens: SignedTokens; subscriptions: SubscriptionRepository; newsletters: NewsletterRepository; clock: Clock },
  token: string,
): Promise<{ newsletter: Newsletter | null; email: string | null }> {
  const target = await readUnsubscribeToken(deps, token);
  const subscription = await deps.subscriptions.findById(target.subscriptionId);
  if (!subscription) return { newsletter: null, email: null };
  await deps.subscriptions.unsubscribe(subscription.newsletterId, subscription.email, deps.clock.now(), target.sendId);
  return { newsletter: await deps.newsletters.findById(subscription.newsletterId), email: subscription.email };
}

/**
 * What an unsubscribe link's page says before anything is done (GET never unsubscribes): the
 * newsletter it names, and whether that address still gets it. 400 invalid_token for a forged link.
 */
export async function unsubscribeLinkState(
  deps: { signedTokens: SignedTokens; subscriptions: SubscriptionRepository; newsletters: NewsletterRepository },
  token: string,
): Promise<{ newsletter: Newsletter | null; subscribed: boolean }> {
  const target = await readUnsubscribeToken(deps, token);
  const subscription = await deps.subscriptions.findById(target.subscriptionId);
  if (!subscription) return { newsletter: null, subscribed: false };
  const newsletter = await deps.newsletters.findById(subscription.newsletterId);
  return { newsletter, subscribed: subscription.status === 'subscribed' };
}

/** PUT /api/readers/me/newsletters: exactly these (active) newsletters for the reader's address, the rest left. */
export async function setReaderNewsletters(
  deps: { newsletters: NewsletterRepository; subscriptions: SubscriptionRepository; clock: Clock },
  reader: Reader,
  slugs: readonly string[],
): Promise<void> {
  const active = new Map((await deps.newsletters.list()).map((newsletter) => [newsletter.slug, newsletter.id]));
  const unknown = slugs.find((slug) => !active.has(slug));
  if (unknown !== undefined) throw new ValidationError({ newsletters: `There is no newsletter "${unknown}"` });
  await deps.subscriptions.setFor(
    reader.email,
    [...new Set(slugs)].map((slug) => active.get(slug)!),
    deps.clock.now(),
  );
}
