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
   * Opens a session, with its audit entries, if the proof holds and the lockout key (if any) is not
   * locked, using the proof up and clearing the key's failures in the same atomic write
   * (docs/product/api-sign-in-security.md); false when it did not open.
   */
  create(session: NewSession, opening: SessionOpening): Promise<boolean>;
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
  /** A live (unexpired, not spent by wrong codes) challenge of this purpose, or null. Reading does not use it up. */
  find(id: string, purpose: ChallengePurpose, now: string): Promise<AuthChallenge | null>;
}

/** The failures of one lockout key counted in a window: at most `max` since `since` (services/security/lockout.ts). */
export interface LockoutWindow {
  key: string;
  since: string;
  max: number;
}

/** Failed sign-ins, per lockout key (an account, or a name's keyed hash: never a name as typed). */
export interface LoginAttemptRepository {
  /** Failures under this key at or after `since`, and when the oldest of them happened. */
  failuresSince(key: string, since: string): Promise<{ count: number; oldest: string | null }>;
  /**
   * Records a failure under the window's key, with its audit entries, in one atomic write that first
   * checks the key has fewer than `max` failures since `since`; false (nothing written) when it had
   * not. With `challenge`, the failure is a wrong code of that second step: it is recorded only while
   * the challenge is live, and spends one of its `maxFailures` tries (the last one deletes it).
   */
  recordFailure(
    window: LockoutWindow,
    at: string,
    audit: readonly AuditEntry[],
    challenge?: { id: string; maxFailures: number },
  ): Promise<boolean>;
  clear(key: string): Promise<void>;
}

/** How a session was opened (docs/product/api-sign-in-security.md's audit `method`). */
export type SignInMethod = 'password' | 'password+totp' | 'password+recovery_code' | 'passkey';

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
  method: SignInMethod;
}

/** What opening a session is conditional on and writes with it (SessionRepository.create). */
export interface SessionOpening {
  proof: SignInProof;
  audit: readonly AuditEntry[];
  /** The session opens only while this key is not locked, and its failures are cleared with it. */
  lockout?: LockoutWindow;
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
  createdAt: string;
  /** Null for sessions opened before it was recorded. */
  signInMethod: SignInMethod | null;
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
   * Confirms the pending setup with the step its first code was for, stores the recovery codes'
   * hashes and ends every live session of the user but `keepSessionId`, atomically; false when there
   * was no pending setup (or it was confirmed meanwhile).
   */
  confirmTotp(
    userId: number,
    step: number,
    recoveryCodeHashes: readonly string[],
    now: string,
    audit: AuditEntry[],
    keepSessionId: number,
  ): Promise<boolean>;
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
   * Stores a new passkey if its registration challenge is still there, using it up and ending every
   * live session of the user but `keepSessionId` in the same write; null when the challenge was gone.
   * Throws ConflictError when the credential is known.
   */
  add(
    passkey: Omit<StoredPasskey, 'id' | 'lastUsedAt'>,
    challengeId: string,
    now: string,
    audit: AuditEntry[],
    keepSessionId: number,
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
  /**
   * Stores the link's token hash (an earlier unused link of the user's is used up), with `endSessions`
   * ending every session of the user, atomically.
   */
  create(
    reset: { tokenHash: string; userId: number; createdBy: number; clearTwoFactor: boolean; createdAt: string; expiresAt: string },
    audit: AuditEntry[],
    options: { endSessions: boolean },
  ): Promise<void>;
  find(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Uses the link once: if it is unused and unexpired, sets the password, clears the second factor
   * when the link says so, and ends every session, all atomically; false otherwise.
   */
  redeem(tokenHash: string, passwordHash: string, now: string, audit: AuditEntry[]): Promise<boolean>;
}
/**
 * Tokens, one-time handles and keyed hashes (WebCrypto in adapters/crypto): the server keeps only
 * hashes of what it hands out.
 */
export interface SignInSecrets {
  /** 256 random bits, base64url: a session token, a second step's challenge, a reset link's token. */
  newToken(): string;
  /** SHA-256 (hex): how a token is stored and looked up. */
  tokenHash(token: string): Promise<string>;
  /** HMAC-SHA-256 (hex) under the pepper: a name typed at sign-in, kept only so. */
  nameHash(name: string): Promise<string>;
  /** Ten new recovery codes, as shown to the user. */
  newRecoveryCodes(): string[];
  /** A typed recovery code as stored (HMAC under the pepper), or null when it cannot be one. */
  recoveryCodeHash(typed: string): Promise<string | null>;
}

/** TOTP (RFC 6238) codes, and their secrets sealed at rest under TWO_FACTOR_KEY, bound to their user. */
export interface TotpCodes {
  newSecret(): string;
  /** The otpauth:// address a QR code carries. */
  uri(secret: string, account: string): string;
  /** The time step `code` is right for, within one step of now; null when it is for none. */
  matchingStep(secret: string, code: string, nowMs: number): number | null;
  seal(userId: number, secret: string): Promise<string>;
  open(userId: number, sealed: string): Promise<string>;
}

/** The site a passkey is made for: its host name (the RP id) and origin. */
export interface RelyingParty {
  rpId: string;
  origin: string;
  name: string;
}

/** A WebAuthn ceremony's options, passed to the browser as they are; the challenge among them is kept server-side. */
export interface CeremonyOptions {
  challenge: string;
}

export interface VerifiedPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** WebAuthn ceremonies (@simplewebauthn/server in adapters/crypto); `challengeIsLive` checks the challenge the answer signed. */
export interface PasskeyCeremonies {
  registrationOptions(
    rp: RelyingParty,
    user: { id: number; username: string; displayName: string },
    existing: readonly { id: string; transports: string[] }[],
  ): Promise<CeremonyOptions>;
  /** The new credential, or null when the answer does not verify. */
  verifyRegistration(
    response: unknown,
    rp: RelyingParty,
    challengeIsLive: (challenge: string) => Promise<boolean>,
  ): Promise<VerifiedPasskey | null>;
  signInOptions(rp: RelyingParty): Promise<CeremonyOptions>;
  /** The authenticator's new signature counter, or null when the assertion does not verify. */
  verifySignIn(
    response: unknown,
    rp: RelyingParty,
    passkey: Pick<StoredPasskey, 'credentialId' | 'publicKey' | 'counter' | 'transports'>,
    challengeIsLive: (challenge: string) => Promise<boolean>,
  ): Promise<number | null>;
}

/** When the minute job's pruning counts a row as of no further use (services/maintenance/prune-expired-rows.ts). */
export interface PruneCutoffs {
  /** Now: expired challenges, reset links and sessions; idempotency keys expired or whose lease ran out. */
  now: string;
  /** Failed sign-ins older than the lockout window. */
  attemptsBefore: string;
  /** Upload sessions expired before this (some time after their expiry, so a late client still hears "expired"). */
  uploadsBefore: string;
}

/** The tables that grow with failures or expiries, pruned by the minute job (decision 050 lists them). */
export const PRUNED_TABLES = [
  'login_attempts',
  'auth_challenges',
  'password_resets',
  'sessions',
  'idempotency_keys',
  'upload_sessions',
] as const;
export type PrunedTable = (typeof PRUNED_TABLES)[number];

export interface ExpiredRows {
  /** The storage uploads of open upload sessions that expired before `before`, to abort before their rows go. */
  abandonedUploads(before: string): Promise<{ objectKey: string; r2UploadId: string }[]>;
  /** Deletes every row no longer of use, in one write; how many went from each table. */
  prune(cutoffs: PruneCutoffs): Promise<Record<PrunedTable, number>>;
}

/** What a staff member is told about their own account's security (src/adapters/mail renders and sends it). */
export type SecurityNotice = 'password_changed' | 'totp_enabled' | 'totp_disabled' | 'passkey_added' | 'passkey_removed';

/** The mail staff get about their account: a reset link, and a notice when its sign-in changed. */
export interface StaffMail {
  /** Mails a password reset link. Throws when the mail cannot leave now. */
  resetLink(to: string, link: string, hours: number): Promise<void>;
  /**
   * Tells a staff member their sign-in changed; `origin` is the site its "Sign in" link points at.
   * Returns at once: the mail leaves after the answer, and one that cannot leave is logged, never an
   * error for the change, which is already written.
   */
  notice(to: string, notice: SecurityNotice, origin: string): void;
}
