import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import type { SessionRepository } from '../../domain/security/ports.ts';
import type { NewSession, SessionSummary, SignedInSession, SignInProof } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { auditEntry, ifChanged } from './audit-entry.ts';
import { proofStatements } from './sign-in-proof.ts';
import { SECURITY_SETTINGS_KEY } from '../../services/security/security-settings.ts';
import { toUser } from './d1-user-repository.ts';
import { sessions, users } from './schema.ts';

/** Whether the user has a confirmed TOTP or a passkey (the security policy asks). */
const hasSecondFactor = sql<number>`(EXISTS (SELECT 1 FROM totp_secrets t WHERE t.user_id = ${users.id} AND t.confirmed_at IS NOT NULL)
  OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ${users.id}))`;

type Statements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** The admin's sign-in policy as stored (services/security/security-settings.ts's key), or null. */
const storedSecuritySetting = sql<string | null>`(SELECT value FROM site_settings WHERE key = ${SECURITY_SETTINGS_KEY})`;

const live = (now: string) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export class D1SessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: NewSession, proof: SignInProof = { kind: 'password' }, audit: readonly AuditEntry[] = []): Promise<boolean> {
    const { tokenHash, userId, createdAt, expiresAt, userAgent } = session;
    const proofs = proofStatements(this.db, proof, createdAt);
    const onlyIf = proofs.length > 0 ? ifChanged : sql`1`;
    // Values in the order of schema.ts's sessions columns, which drizzle names in the INSERT.
    const open = this.db
      .insert(sessions)
      .select(sql`SELECT NULL, ${tokenHash}, ${userId}, ${createdAt}, ${expiresAt}, NULL, ${createdAt}, ${userAgent} WHERE ${onlyIf}`)
      .returning({ id: sessions.id });
    const entries = audit.map((entry) => auditEntry(this.db, entry, createdAt, ifChanged));
    const statements = [...proofs, open, ...entries] as unknown as Statements;
    const results = await this.db.batch(statements);
    const opened = results[proofs.length] as { id: number }[];
    return opened.length > 0;
  }

  async findUser(tokenHash: string, now: string): Promise<User | null> {
    return (await this.findSession(tokenHash, now))?.user ?? null;
  }

  async findSession(tokenHash: string, now: string): Promise<{ user: User; session: SignedInSession } | null> {
    const row = await this.db
      .select({
        user: users,
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        hasSecondFactor,
        securitySetting: storedSecuritySetting,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), live(now), eq(users.isActive, true)))
      .get();
    if (!row) return null;
    const { sessionId, lastSeenAt } = row;
    const securitySetting = row.securitySetting === null ? undefined : (JSON.parse(row.securitySetting) as unknown);
    return { user: toUser(row.user), session: { sessionId, lastSeenAt, hasSecondFactor: Boolean(row.hasSecondFactor), securitySetting } };
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
