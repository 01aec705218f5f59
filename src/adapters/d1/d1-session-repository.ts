import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import type { NewSession, SessionOpening, SessionRepository, SessionSummary, SignedInSession } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { auditEntry, ifChanged } from './audit-entry.ts';
import { proofStatements } from './sign-in-proof.ts';
import { SECURITY_SETTINGS_KEY } from '../../domain/security/security-policy.ts';
import { toUser } from './d1-user-repository.ts';
import { notLocked } from './d1-login-attempt-repository.ts';
import { loginAttempts, sessions, users } from './schema.ts';

/** Whether the user has a confirmed TOTP or a passkey (the security policy asks). */
const hasSecondFactor = sql<number>`(EXISTS (SELECT 1 FROM totp_secrets t WHERE t.user_id = ${users.id} AND t.confirmed_at IS NOT NULL)
  OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ${users.id}))`;

type Statements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** The admin's sign-in policy as stored (services/security/security-settings.ts's key), or null. */
const storedSecuritySetting = sql<string | null>`(SELECT value FROM site_settings WHERE key = ${SECURITY_SETTINGS_KEY})`;

const live = (now: string) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** The statement that ends every live session of the user but one, when `onlyIf` holds: for a batch that adds a factor. */
export function endOtherSessions(db: Db, userId: number, keepSessionId: number, now: string, onlyIf: SQL) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), live(now), onlyIf));
}

export class D1SessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: NewSession, { proof, audit, lockout }: SessionOpening): Promise<boolean> {
    const { tokenHash, userId, createdAt, expiresAt, userAgent, method } = session;
    // A locked key opens nothing: the check is part of the first statement, so it holds for the whole batch.
    const unlocked = lockout ? notLocked(lockout) : undefined;
    const proofs = proofStatements(this.db, proof, createdAt, unlocked);
    const onlyIf = proofs.length > 0 ? ifChanged : (unlocked ?? sql`1`);
    // Values in the order of schema.ts's sessions columns, which drizzle names in the INSERT.
    const open = this.db
      .insert(sessions)
      .select(
        sql`SELECT NULL, ${tokenHash}, ${userId}, ${createdAt}, ${expiresAt}, NULL, ${createdAt}, ${userAgent}, ${method} WHERE ${onlyIf}`,
      )
      .returning({ id: sessions.id });
    const opened = sql`EXISTS (SELECT 1 FROM sessions WHERE token_hash = ${tokenHash})`;
    const statements = [
      ...proofs,
      open,
      ...audit.map((entry) => auditEntry(this.db, entry, createdAt, opened)),
      // A whole sign-in forgives the failures before it.
      ...(lockout ? [this.db.delete(loginAttempts).where(and(eq(loginAttempts.key, lockout.key), opened))] : []),
    ] as unknown as Statements;
    const results = await this.db.batch(statements);
    return (results[proofs.length] as { id: number }[]).length > 0;
  }

  async findUser(tokenHash: string, now: string): Promise<User | null> {
    return (await this.findSession(tokenHash, now))?.user ?? null;
  }

  async findSession(tokenHash: string, now: string): Promise<{ user: User; session: SignedInSession } | null> {
    const row = await this.db
      .select({
        user: users,
        sessionId: sessions.id,
        createdAt: sessions.createdAt,
        signInMethod: sessions.signInMethod,
        lastSeenAt: sessions.lastSeenAt,
        hasSecondFactor,
        securitySetting: storedSecuritySetting,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), live(now), eq(users.isActive, true)))
      .get();
    if (!row) return null;
    const { sessionId, createdAt, signInMethod, lastSeenAt } = row;
    const securitySetting = row.securitySetting === null ? undefined : (JSON.parse(row.securitySetting) as unknown);
    return {
      user: toUser(row.user),
      session: { sessionId, createdAt, signInMethod, lastSeenAt, hasSecondFactor: Boolean(row.hasSecondFactor), securitySetting },
    };
  }

  async revoke(tokenHash: string, now: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .run();
  }

  async listForUser(userId: number, now: string): Promise<SessionSummary[]> {
    const rows = await this.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), live(now)))
      .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
    return rows.map((row) => ({ ...row, lastSeenAt: row.lastSeenAt ?? row.createdAt }));
  }

  async revokeById(userId: number, sessionId: number, now: string, audit: readonly AuditEntry[]): Promise<boolean> {
    return (await this.end(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)), now, audit)) > 0;
  }

  revokeOthers(userId: number, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<number> {
    return this.end(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)), now, audit);
  }

  /** Ends the live sessions `which` picks, with the audit entries when it ended any; how many. */
  private async end(which: SQL | undefined, now: string, audit: readonly AuditEntry[]): Promise<number> {
    const [ended] = await this.db.batch([
      this.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(which, live(now)))
        .returning({ id: sessions.id }),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
    ]);
    return ended.length;
  }

  async touch(sessionId: number, now: string): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId)).run();
  }
}
