import type { AuditEntry } from '../audit/audit.ts';
import type { User } from '../users/entities.ts';

/** Ports of staff sign-in security (docs/product/api-sign-in-security.md): passwords, sessions, second factors, passkeys, reset links; adapters implement them in D1 and WebCrypto. */

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same work as verify() for an account that does not exist, so timing tells nothing. */
  verifyNothing(password: string): Promise<false>;
}

export interface SessionRepository {
  /**
   * Opens a session, with its audit entries, if the proof holds, using the proof up in the same
   * atomic write (docs/product/api-sign-in-security.md); false when it did not hold.
   */
  create(session: NewSession, proof?: SignInProof, audit?: readonly AuditEntry[]): Promise<boolean>;
  /** The active user behind a live (unexpired, unrevoked) session, or null. */
  findUser(tokenHash: string, now: string): Promise<User | null>;
  /** The same, with the session's id and whether the user has a second factor. */
  findSession(tokenHash: string, now: string): Promise<{ user: User; session: SignedInSession } | null>;
  revoke(tokenHash: string, now: string): Promise<void>;
  /** The user's live sessions, most recently seen first. */
  listForUser(userId: number, now: string): Promise<SessionSummary[]>;
  /** Ends one live session of this user's; false when the user has no such live session. */
  revokeById(userId: number, sessionId: number, now: string, audit: readonly AuditEntry[]): Promise<boolean>;
  /** Ends every live session of the user but `keepSessionId`; how many it ended. */
  revokeOthers(userId: number, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<number>;
  /** Records that the session was used now. */
  touch(sessionId: number, now: string): Promise<void>;
}

export interface LoginAttemptRepository {
  /** Failures for this identifier at or after `since`, and when the oldest of them happened. */
  failuresSince(identifier: string, since: string): Promise<{ count: number; oldest: string | null }>;
  recordFailure(identifier: string, at: string, audit?: readonly AuditEntry[]): Promise<void>;
  clear(identifier: string): Promise<void>;
}

/** Ports of staff sign-in security (docs/product/api-sign-in-security.md); adapters implement them in D1 and WebCrypto. */

export type ChallengePurpose = 'sign_in' | 'passkey_register' | 'passkey_sign_in';

export interface AuthChallenge {
  id: string;
  purpose: ChallengePurpose;
  userId: number | null;
  detail: Record<string, unknown>;
  expiresAt: string;
}

/** Short-lived, single-use challenges kept on the server (the client holds only a handle). */
export interface AuthChallengeRepository {
  create(challenge: AuthChallenge & { createdAt: string }): Promise<void>;
  /** A live (unexpired) challenge of this purpose, or null. Reading does not use it up. */
  find(id: string, purpose: ChallengePurpose, now: string): Promise<AuthChallenge | null>;
  /** Deletes the expired ones. */
  pruneBefore(now: string): Promise<void>;
}

/**
 * What a new session is conditional on, used up in the same atomic write that opens it: a second
 * step's challenge with the TOTP time step (newer than any accepted before) or a recovery code
 * (unused), or a passkey's sign-in challenge. A password alone needs nothing more.
 */
export type SignInProof =
  | { kind: 'password' }
  | { kind: 'totp'; challengeId: string; userId: number; step: number }
  | { kind: 'recovery_code'; challengeId: string; userId: number; codeHash: string }
  | { kind: 'passkey'; challengeId: string; passkeyId: number; counter: number; usedAt: string };

export interface NewSession {
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
}

export interface SessionSummary {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
}

/** The session behind a token, with what the security policy needs to know about its user. */
export interface SignedInSession {
  sessionId: number;
  lastSeenAt: string | null;
  hasSecondFactor: boolean;
  /** The stored `security` setting (unparsed), read in the same query: the policy costs no round trip of its own. */
  securitySetting: unknown;
}

export interface TotpRecord {
  secretEncrypted: string;
  confirmed: boolean;
  lastStep: number | null;
}

export interface SecondFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeySummary[];
}

/** TOTP secrets (encrypted) and recovery codes (hashed). */
export interface SecondFactorRepository {
  status(userId: number): Promise<SecondFactorStatus>;
  findTotp(userId: number): Promise<TotpRecord | null>;
  /** Starts (or restarts) a setup; false when the user already has a confirmed TOTP. */
  savePendingTotp(userId: number, secretEncrypted: string, now: string): Promise<boolean>;
  /**
   * Confirms the pending setup with the step its first code was for, and stores the recovery codes'
   * hashes, atomically; false when there was no pending setup (or it was confirmed meanwhile).
   */
  confirmTotp(userId: number, step: number, recoveryCodeHashes: readonly string[], now: string, audit: AuditEntry[]): Promise<boolean>;
  /** Removes the TOTP and its recovery codes; false when there was none. */
  removeTotp(userId: number, audit: AuditEntry[], now: string): Promise<boolean>;
}

export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface StoredPasskey extends PasskeySummary {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  rpId: string;
}

export interface PasskeyRepository {
  listForUser(userId: number): Promise<StoredPasskey[]>;
  findByCredentialId(credentialId: string): Promise<StoredPasskey | null>;
  /**
   * Stores a new passkey if its registration challenge is still there, using it up in the same
   * write; null when the challenge was gone. Throws ConflictError when the credential is known.
   */
  add(
    passkey: Omit<StoredPasskey, 'id' | 'lastUsedAt'>,
    challengeId: string,
    now: string,
    audit: AuditEntry[],
  ): Promise<PasskeySummary | null>;
  /** Renames the owner's passkey; null when the owner has no passkey with that id. */
  rename(userId: number, id: number, name: string): Promise<PasskeySummary | null>;
  /** Removes the owner's passkey; false when the owner has no passkey with that id. */
  remove(userId: number, id: number, now: string, audit: AuditEntry[]): Promise<boolean>;
}

export interface PasswordResetRecord {
  userId: number;
  clearTwoFactor: boolean;
  expiresAt: string;
  usedAt: string | null;
}

export interface PasswordResetRepository {
  /** Stores the link's token hash and ends every session of the user, atomically. */
  create(
    reset: { tokenHash: string; userId: number; createdBy: number; clearTwoFactor: boolean; createdAt: string; expiresAt: string },
    audit: AuditEntry[],
  ): Promise<void>;
  find(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Uses the link once: if it is unused and unexpired, sets the password, clears the second factor
   * when the link says so, and ends every session, all atomically; false otherwise.
   */
  redeem(tokenHash: string, passwordHash: string, now: string, audit: AuditEntry[]): Promise<boolean>;
}

/** What a staff member is told about their own account's security (src/adapters/mail renders and sends it). */
export type SecurityNotice = 'password_changed' | 'totp_enabled' | 'totp_disabled' | 'passkey_added' | 'passkey_removed';

/** The mail staff get about their account: a reset link, and a notice when its sign-in changed. */
export interface StaffMail {
  /** Mails a password reset link. Throws a DomainError when mail cannot leave now (503). */
  resetLink(to: string, link: string, hours: number): Promise<void>;
  notice(to: string, notice: SecurityNotice, origin: string): Promise<void>;
}
