import type { NewReaderSession, Reader, ReaderSignInLink } from './entities.ts';

/** What reader accounts need from storage (src/adapters/d1) and from the outside world. */

export interface ReaderRepository {
  findById(id: number): Promise<Reader | null>;
  /** The reader a live (unexpired) session belongs to. */
  findBySession(tokenHash: string, now: string): Promise<Reader | null>;
  rename(id: number, name: string | null, now: string): Promise<Reader | null>;
  /** Ends one session at once. */
  endSession(tokenHash: string): Promise<void>;
  /** The reader and their sessions go, in one atomic write. */
  delete(id: number): Promise<void>;
  /** Deletes sessions that expired before `now`. */
  pruneSessions(now: string): Promise<void>;
}

export interface ReaderSignInRepository {
  create(link: ReaderSignInLink): Promise<void>;
  /** A link that can still be followed (unused, unexpired at `now`), without using it. */
  findUsable(tokenHash: string, now: string): Promise<ReaderSignInLink | null>;
  /**
   * Follows a link, atomically: uses it (unused and unexpired, else nothing changes and the answer is
   * null), creates the reader the first time, opens the session and subscribes the link's newsletters.
   */
  redeem(tokenHash: string, session: NewReaderSession): Promise<Reader | null>;
  /** Deletes links that expired before `now`. */
  pruneBefore(now: string): Promise<void>;
}

/** Random single-use tokens (sign-in links, sessions): the holder gets the token, storage its hash. */
export interface OneTimeTokens {
  create(): string;
  hash(token: string): Promise<string>;
}

/** The mail a reader gets about their account (src/adapters/mail renders and sends it). */
export interface ReaderMail {
  /** Throws 503 mail_not_configured when the server has no mail set up (the same for every address). */
  ensureConfigured(): void;
  /** Mails the sign-in link, naming the newsletters it joins. Throws a DomainError when mail cannot leave now (503). */
  signInLink(to: string, link: string, expiresAt: string, newsletters?: readonly string[]): Promise<void>;
}
