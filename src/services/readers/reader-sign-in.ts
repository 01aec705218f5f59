import { READER_PATHS } from '../../contract/page-contract.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import type { OneTimeTokens, ReaderMail, ReaderSignInRepository } from '../../domain/readers/ports.ts';
import { READER_SESSION_DAYS, SIGN_IN_LINK_MINUTES, SIGN_IN_LINKS_PER_ADDRESS } from '../../domain/readers/rules.ts';
import { addSeconds } from '../../domain/time.ts';

/** Signing a reader in with a link mailed to them (docs/product/api.md, "Readers and newsletters"; decision 081). */

export interface SignInRequest {
  /** As stored (src/domain/mail/address.ts). */
  email: string;
  newsletters: readonly string[];
  /** A local path (rules.ts isLocalPath) to go to once signed in. */
  next?: string;
  /** The site's origin, which the link points at. */
  origin: string;
}

/** The link a reader follows: the sign-in page, with the token (and where to go next) in the fragment, which no server ever sees. */
export function signInLinkUrl(origin: string, token: string, next?: string): string {
  const fragment = new URLSearchParams({ token, ...(next ? { next } : {}) });
  return `${origin}${READER_PATHS.signIn}#${fragment}`;
}

/**
 * POST /api/readers/signin: mails a single-use link, valid 15 minutes, to any well-formed address,
 * known or not (the answer is the same, so it tells nobody who reads here). Past a few links per
 * address in a link's lifetime it mails nothing more, so the form cannot flood a stranger's inbox.
 */
export async function requestReaderSignIn(
  deps: { readerSignIns: ReaderSignInRepository; tokens: OneTimeTokens; readerMail: ReaderMail; clock: Clock },
  request: SignInRequest,
): Promise<void> {
  const now = deps.clock.now();
  const lifetime = SIGN_IN_LINK_MINUTES * 60;
  if ((await deps.readerSignIns.countSince(request.email, addSeconds(now, -lifetime))) >= SIGN_IN_LINKS_PER_ADDRESS) return;
  const token = deps.tokens.create();
  const expiresAt = addSeconds(now, lifetime);
  await deps.readerSignIns.create({
    tokenHash: await deps.tokens.hash(token),
    email: request.email,
    newsletters: [...new Set(request.newsletters)],
    createdAt: now,
    expiresAt,
  });
  await deps.readerMail.signInLink(request.email, signInLinkUrl(request.origin, token, request.next), expiresAt);
}

export const invalidSignInLink = () =>
  new DomainError('validation', 'invalid_token', 'This sign-in link is used, expired or not valid. Ask for a new one.');

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
