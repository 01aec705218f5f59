import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { PasswordResetRecord, PasswordResetRepository } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { auditEntry } from './audit-entry.ts';
import { sessions, users } from './schema.ts';
import { passkeys, passwordResets, recoveryCodes, totpSecrets } from './security-schema.ts';

export class D1PasswordResetRepository implements PasswordResetRepository {
  constructor(private readonly db: Db) {}

  async create(
    reset: { tokenHash: string; userId: number; createdBy: number; clearTwoFactor: boolean; createdAt: string; expiresAt: string },
    audit: AuditEntry[],
    { endSessions }: { endSessions: boolean },
  ): Promise<void> {
    const { userId, createdAt: now } = reset;
    await this.db.batch([
      // A new link replaces any earlier one still unused.
      this.db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),
      this.db.insert(passwordResets).values(reset),
      ...(endSessions
        ? [
            this.db
              .update(sessions)
              .set({ revokedAt: now })
              .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
          ]
        : []),
      ...audit.map((entry) => auditEntry(this.db, entry, now)),
    ]);
  }

  async find(tokenHash: string): Promise<PasswordResetRecord | null> {
    const row = await this.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get();
    return row ? { userId: row.userId, clearTwoFactor: row.clearTwoFactor, expiresAt: row.expiresAt, usedAt: row.usedAt } : null;
  }

  async redeem(tokenHash: string, passwordHash: string, now: string, audit: AuditEntry[]): Promise<boolean> {
    // The first statement uses the link (unused, unexpired); every later one acts only on the link
    // this batch used, so a used, expired or unknown token changes nothing.
    const redeemed = sql`SELECT user_id FROM password_resets WHERE token_hash = ${tokenHash} AND used_at = ${now}`;
    const clearing = sql`SELECT user_id FROM password_resets WHERE token_hash = ${tokenHash} AND used_at = ${now} AND clear_two_factor = 1`;
    const [used] = await this.db.batch([
      this.db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > ${now}`))
        .returning({ userId: passwordResets.userId }),
      this.db
        .update(users)
        .set({ passwordHash })
        .where(sql`${users.id} IN (${redeemed})`),
      this.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(sql`${sessions.userId} IN (${redeemed})`, isNull(sessions.revokedAt))),
      this.db.delete(totpSecrets).where(sql`${totpSecrets.userId} IN (${clearing})`),
      this.db.delete(recoveryCodes).where(sql`${recoveryCodes.userId} IN (${clearing})`),
      this.db.delete(passkeys).where(sql`${passkeys.userId} IN (${clearing})`),
      ...audit.map((entry) => auditEntry(this.db, entry, now, sql`EXISTS (${redeemed})`)),
    ]);
    return used.length > 0;
  }
}
