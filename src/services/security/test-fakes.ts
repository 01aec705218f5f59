import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import type { Role } from '../../domain/roles.ts';
import type {
  AuthChallenge,
  CeremonyOptions,
  LockoutWindow,
  NewSession,
  PasskeyCeremonies,
  PasskeySummary,
  PasswordResetRecord,
  SecurityNotice,
  SignInMethod,
  SignInProof,
  SignInSecrets,
  StoredPasskey,
  TotpCodes,
} from '../../domain/security/ports.ts';
import { InMemoryMailAllowances } from '../readers/in-memory-mail.test-helper.ts';

/**
 * One newsroom's sign-in security in memory: every port the security use cases take, keeping the
 * promises the D1 adapters keep (a proof used up with its session, a failure counted only while the
 * key is not locked, a challenge spent after its wrong codes), so the services' tests run in Node in
 * milliseconds. The D1 adapters themselves are tested against real D1 in tests/api.
 */

/** The only code the fake authenticator app shows, and the step it is for. */
export const GOOD_CODE = '123456';
export const GOOD_STEP = 59_000_000;

interface StoredSession extends NewSession {
  id: number;
  revokedAt: string | null;
}

export class FakeSecurity {
  now = '2026-05-01T10:00:00.000Z';
  readonly users = new Map<number, { user: User; passwordHash: string }>();
  readonly sessionRows: StoredSession[] = [];
  readonly attempts: { key: string; at: string }[] = [];
  readonly challengeRows = new Map<string, AuthChallenge & { failures: number }>();
  readonly totpRows = new Map<number, { secretEncrypted: string; confirmed: boolean; lastStep: number | null }>();
  readonly recoveryRows: { userId: number; codeHash: string; usedAt: string | null }[] = [];
  readonly passkeyRows: StoredPasskey[] = [];
  readonly resetRows = new Map<string, PasswordResetRecord & { tokenHash: string }>();
  readonly auditRows: AuditEntry[] = [];
  /** What the staff mail would have sent: reset links and sign-in notices. */
  readonly staffMailSent: { to: string; kind: SecurityNotice | 'reset_link'; link: string }[] = [];
  private sequence = 0;

  addUser(username: string, password: string, options: { role?: Role; isActive?: boolean } = {}): User {
    const id = ++this.sequence;
    const user: User = {
      id,
      username,
      email: `${username}@newsroom.test`,
      role: options.role ?? 'reporter',
      isActive: options.isActive ?? true,
      firstName: null,
      lastName: null,
      bio: null,
      xHandle: null,
      createdAt: this.now,
    };
    this.users.set(id, { user, passwordHash: `hashed:${password}` });
    return user;
  }

  /** A live session of the user's, opened now by `method`, as the caller of a security change holds it. */
  sessionOf(
    userId: number,
    id: number,
    method: SignInMethod = 'password',
  ): { sessionId: number; createdAt: string; signInMethod: SignInMethod } {
    const expiresAt = '2099-01-01T00:00:00.000Z';
    this.sessionRows.push({
      id,
      tokenHash: `token-hash-${id}`,
      userId,
      createdAt: this.now,
      expiresAt,
      userAgent: null,
      method,
      revokedAt: null,
    });
    return { sessionId: id, createdAt: this.now, signInMethod: method };
  }

  /** Seconds later. */
  advance(seconds: number): void {
    this.now = new Date(Date.parse(this.now) + seconds * 1000).toISOString();
  }

  liveSessions(userId: number): StoredSession[] {
    return this.sessionRows.filter((s) => s.userId === userId && s.revokedAt === null && s.expiresAt > this.now);
  }

  failures(key: string, since: string): number {
    return this.attempts.filter((a) => a.key === key && a.at >= since).length;
  }

  private liveChallenge(id: string, purpose: AuthChallenge['purpose'], userId: number | null): boolean {
    const c = this.challengeRows.get(id);
    return !!c && c.purpose === purpose && c.expiresAt > this.now && (userId === null || c.userId === userId);
  }

  private endOtherSessions(userId: number, keep: number, at: string): void {
    for (const s of this.liveSessions(userId)) if (s.id !== keep) s.revokedAt = at;
  }

  /** The proof holds; if so it is used up (the D1 adapter's proofStatements). */
  private useProof(proof: SignInProof): boolean {
    if (proof.kind === 'password') return true;
    if (proof.kind === 'passkey') {
      const passkey = this.passkeyRows.find((p) => p.id === proof.passkeyId);
      if (!passkey || !this.liveChallenge(proof.challengeId, 'passkey_sign_in', null)) return false;
      Object.assign(passkey, { counter: proof.counter, lastUsedAt: proof.usedAt });
      return this.challengeRows.delete(proof.challengeId);
    }
    if (!this.liveChallenge(proof.challengeId, 'sign_in', proof.userId)) return false;
    if (proof.kind === 'totp') {
      const totp = this.totpRows.get(proof.userId);
      if (!totp?.confirmed || (totp.lastStep !== null && totp.lastStep >= proof.step)) return false;
      totp.lastStep = proof.step;
    } else {
      const code = this.recoveryRows.find((r) => r.userId === proof.userId && r.codeHash === proof.codeHash && r.usedAt === null);
      if (!code) return false;
      code.usedAt = this.now;
    }
    return this.challengeRows.delete(proof.challengeId);
  }

  /** The mail caps ("Forgot password?" per account), kept across deps() calls. */
  readonly mailAllowances = new InMemoryMailAllowances();

  deps() {
    return {
      clock: { now: () => this.now },
      mailAllowances: this.mailAllowances,
      staffMail: {
        resetLink: async (to: string, link: string) => void this.staffMailSent.push({ to, kind: 'reset_link', link }),
        notice: (to: string, notice: SecurityNotice, origin: string) =>
          void this.staffMailSent.push({ to, kind: notice, link: `${origin}/login` }),
      },
      sessionTtlHours: 720,
      hasher: {
        hash: async (password: string) => `hashed:${password}`,
        verify: async (password: string, stored: string) => stored === `hashed:${password}`,
        verifyNothing: async () => false as const,
      },
      secrets: {
        newToken: () => `token-${++this.sequence}-abcdefghijklmnopqrstuvwxyz`,
        tokenHash: async (token: string) => `sha256(${token})`,
        nameHash: async (name: string) => `hmac(${name})`,
        newRecoveryCodes: () => Array.from({ length: 10 }, (_, i) => `rc${i}-${this.sequence}`),
        recoveryCodeHash: async (typed: string) => (/^rc\d-\d+$/.test(typed.trim()) ? `rchash(${typed.trim()})` : null),
      } satisfies SignInSecrets,
      totp: {
        newSecret: () => 'BASE32SECRET',
        uri: (secret: string, account: string) => `otpauth://totp/Newsroom:${account}?secret=${secret}`,
        matchingStep: (_secret: string, code: string) => (code === GOOD_CODE ? GOOD_STEP : null),
        seal: async (userId: number, secret: string) => `sealed:${userId}:${secret}`,
        open: async (userId: number, sealed: string) => sealed.replace(`sealed:${userId}:`, ''),
      } satisfies TotpCodes,
      ceremonies: {
        registrationOptions: async (): Promise<CeremonyOptions> => ({ challenge: `register-challenge-${++this.sequence}` }),
        signInOptions: async (): Promise<CeremonyOptions> => ({ challenge: `sign-in-challenge-${++this.sequence}` }),
        // The fake authenticator answers { challenge, ok }: it verifies when ok and its challenge is live.
        verifyRegistration: async (response, _rp, challengeIsLive) => {
          const { challenge, ok, credentialId } = response as { challenge: string; ok: boolean; credentialId: string };
          return (await challengeIsLive(challenge)) && ok ? { credentialId, publicKey: 'key', counter: 0, transports: [] } : null;
        },
        verifySignIn: async (response, _rp, passkey, challengeIsLive) => {
          const { challenge, ok } = response as { challenge: string; ok: boolean };
          return (await challengeIsLive(challenge)) && ok ? passkey.counter + 1 : null;
        },
      } satisfies PasskeyCeremonies,
      users: {
        findById: async (id: number) => this.users.get(id)?.user ?? null,
        findCredentials: async (identifier: string) => {
          const typed = identifier.toLowerCase();
          for (const row of this.users.values())
            if (row.user.username.toLowerCase() === typed || row.user.email.toLowerCase() === typed) return { ...row };
          return null;
        },
        passwordHashOf: async (id: number) => this.users.get(id)?.passwordHash ?? null,
        changePassword: async (id: number, passwordHash: string, keep: number, at: string, audit: readonly AuditEntry[]) => {
          this.users.get(id)!.passwordHash = passwordHash;
          this.endOtherSessions(id, keep, at);
          this.auditRows.push(...audit);
        },
      },
      sessions: {
        create: async (
          session: NewSession,
          options: { proof: SignInProof; audit: readonly AuditEntry[]; lockout?: LockoutWindow },
        ): Promise<boolean> => {
          const { proof, audit, lockout } = options;
          if (lockout && this.failures(lockout.key, lockout.since) >= lockout.max) return false;
          if (!this.useProof(proof)) return false;
          this.sessionRows.push({ ...session, id: ++this.sequence, revokedAt: null });
          if (lockout) this.attempts.splice(0, this.attempts.length, ...this.attempts.filter((a) => a.key !== lockout.key));
          this.auditRows.push(...audit);
          return true;
        },
      },
      loginAttempts: {
        failuresSince: async (key: string, since: string) => {
          const times = this.attempts.filter((a) => a.key === key && a.at >= since).map((a) => a.at);
          return { count: times.length, oldest: times.length > 0 ? times.sort()[0]! : null };
        },
        recordFailure: async (
          window: LockoutWindow,
          at: string,
          audit: readonly AuditEntry[],
          challenge?: { id: string; maxFailures: number },
        ) => {
          if (this.failures(window.key, window.since) >= window.max) return false;
          const spending = challenge ? this.challengeRows.get(challenge.id) : undefined;
          if (challenge && (!spending || spending.expiresAt <= at || spending.failures >= challenge.maxFailures)) return false;
          this.attempts.push({ key: window.key, at });
          this.auditRows.push(...audit);
          if (spending && ++spending.failures >= challenge!.maxFailures) this.challengeRows.delete(challenge!.id);
          return true;
        },
        clear: async (key: string) => {
          this.attempts.splice(0, this.attempts.length, ...this.attempts.filter((a) => a.key !== key));
        },
        pruneBefore: async () => {},
      },
      challenges: {
        create: async (challenge: AuthChallenge & { createdAt: string }) => {
          this.challengeRows.set(challenge.id, { ...challenge, failures: 0 });
        },
        find: async (id: string, purpose: AuthChallenge['purpose'], at: string) => {
          const c = this.challengeRows.get(id);
          return c && c.purpose === purpose && c.expiresAt > at ? { ...c } : null;
        },
        pruneBefore: async () => {},
      },
      secondFactors: {
        status: async (userId: number) => ({
          totp: this.totpRows.get(userId)?.confirmed ?? false,
          recoveryCodesLeft: this.recoveryRows.filter((r) => r.userId === userId && r.usedAt === null).length,
          passkeys: this.passkeyRows.filter((p) => p.userId === userId).map(summary),
        }),
        findTotp: async (userId: number) => (this.totpRows.has(userId) ? { ...this.totpRows.get(userId)! } : null),
        savePendingTotp: async (userId: number, secretEncrypted: string) => {
          if (this.totpRows.get(userId)?.confirmed) return false;
          this.totpRows.set(userId, { secretEncrypted, confirmed: false, lastStep: null });
          return true;
        },
        confirmTotp: async (userId: number, step: number, hashes: readonly string[], at: string, audit: AuditEntry[], keep: number) => {
          const totp = this.totpRows.get(userId);
          if (!totp || totp.confirmed) return false;
          Object.assign(totp, { confirmed: true, lastStep: step });
          this.recoveryRows.splice(0, this.recoveryRows.length, ...this.recoveryRows.filter((r) => r.userId !== userId));
          this.recoveryRows.push(...hashes.map((codeHash) => ({ userId, codeHash, usedAt: null })));
          this.auditRows.push(...audit);
          this.endOtherSessions(userId, keep, at);
          return true;
        },
        removeTotp: async (userId: number, audit: AuditEntry[]) => {
          if (!this.totpRows.get(userId)?.confirmed) return false;
          this.totpRows.delete(userId);
          this.auditRows.push(...audit);
          return true;
        },
      },
      passkeys: {
        listForUser: async (userId: number) => this.passkeyRows.filter((p) => p.userId === userId),
        findByCredentialId: async (credentialId: string) => this.passkeyRows.find((p) => p.credentialId === credentialId) ?? null,
        add: async (
          passkey: Omit<StoredPasskey, 'id' | 'lastUsedAt'>,
          challengeId: string,
          at: string,
          audit: AuditEntry[],
          keep: number,
        ) => {
          if (!this.liveChallenge(challengeId, 'passkey_register', passkey.userId)) return null;
          this.challengeRows.delete(challengeId);
          const stored: StoredPasskey = { ...passkey, id: ++this.sequence, lastUsedAt: null };
          this.passkeyRows.push(stored);
          this.auditRows.push(...audit);
          this.endOtherSessions(passkey.userId, keep, at);
          return summary(stored);
        },
        rename: async (userId: number, id: number, name: string) => {
          const passkey = this.passkeyRows.find((p) => p.id === id && p.userId === userId);
          if (!passkey) return null;
          passkey.name = name;
          return summary(passkey);
        },
        remove: async (userId: number, id: number, _at: string, audit: AuditEntry[]) => {
          const index = this.passkeyRows.findIndex((p) => p.id === id && p.userId === userId);
          if (index < 0) return false;
          this.passkeyRows.splice(index, 1);
          this.auditRows.push(...audit);
          return true;
        },
      },
      passwordResets: {
        create: async (
          reset: { tokenHash: string; userId: number; createdBy: number; clearTwoFactor: boolean; createdAt: string; expiresAt: string },
          audit: AuditEntry[],
          { endSessions }: { endSessions: boolean },
        ) => {
          this.resetRows.set(reset.tokenHash, { ...reset, usedAt: null });
          if (endSessions) for (const s of this.liveSessions(reset.userId)) s.revokedAt = reset.createdAt;
          this.auditRows.push(...audit);
        },
        find: async (tokenHash: string) => this.resetRows.get(tokenHash) ?? null,
        redeem: async (tokenHash: string, passwordHash: string, at: string, audit: AuditEntry[]) => {
          const reset = this.resetRows.get(tokenHash);
          if (!reset || reset.usedAt !== null || reset.expiresAt <= at) return false;
          reset.usedAt = at;
          this.users.get(reset.userId)!.passwordHash = passwordHash;
          this.auditRows.push(...audit);
          return true;
        },
      },
      audit: {
        append: async (entries: readonly AuditEntry[]) => {
          this.auditRows.push(...entries);
        },
      },
    };
  }
}

function summary({ id, name, createdAt, lastUsedAt }: StoredPasskey): PasskeySummary {
  return { id, name, createdAt, lastUsedAt };
}
