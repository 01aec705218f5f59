import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { SecondFactorRepository, SecondFactorStatus, TotpRecord } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { auditEntry, ifChanged } from './audit-entry.ts';
import { D1PasskeyRepository } from './d1-passkey-repository.ts';
import { endOtherSessions } from './d1-session-repository.ts';
import { recoveryCodes, totpSecrets } from './security-schema.ts';

export class D1SecondFactorRepository implements SecondFactorRepository {
  constructor(private readonly db: Db) {}

  async status(userId: number): Promise<SecondFactorStatus> {
    const [totp, codes, passkeys] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(totpSecrets)
        .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
        .get(),
      this.db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .get(),
      new D1PasskeyRepository(this.db).listForUser(userId),
    ]);
    return {
      totp: (totp?.n ?? 0) > 0,
      recoveryCodesLeft: codes?.n ?? 0,
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    };
  }

  async findTotp(userId: number): Promise<TotpRecord | null> {
    const row = await this.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).get();
    return row ? { secretEncrypted: row.secretEncrypted, confirmed: row.confirmedAt !== null, lastStep: row.lastStep } : null;
  }

  async savePendingTotp(userId: number, secretEncrypted: string, now: string): Promise<boolean> {
    const row = await this.db
      .insert(totpSecrets)
      .values({ userId, secretEncrypted, createdAt: now })
      .onConflictDoUpdate({
        target: totpSecrets.userId,
        set: { secretEncrypted, createdAt: now, lastStep: null },
        setWhere: isNull(totpSecrets.confirmedAt),
      })
      .returning({ userId: totpSecrets.userId })
      .get();
    return row !== undefined;
  }

  async confirmTotp(
    userId: number,
    step: number,
    recoveryCodeHashes: readonly string[],
    now: string,
    audit: AuditEntry[],
    keepSessionId: number,
  ): Promise<boolean> {
    // The TOTP was confirmed by this batch (its confirmed_at is this call's `now`).
    const confirmedNow = sql`EXISTS (SELECT 1 FROM totp_secrets WHERE user_id = ${userId} AND confirmed_at = ${now})`;
    const [confirmed] = await this.db.batch([
      this.db
        .update(totpSecrets)
        .set({ confirmedAt: now, lastStep: step })
        .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)))
        .returning({ userId: totpSecrets.userId }),
      // A new set of codes replaces any left from an earlier TOTP, only when the confirmation happened.
      this.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), ifChanged)),
      ...recoveryCodeHashes.map((codeHash) =>
        this.db.insert(recoveryCodes).select(sql`SELECT NULL, ${userId}, ${codeHash}, ${now}, NULL WHERE ${confirmedNow}`),
      ),
      ...audit.map((entry) => auditEntry(this.db, entry, now, confirmedNow)),
      // A new factor: whoever else held a session must now pass it (decision 050).
      endOtherSessions(this.db, userId, keepSessionId, now, confirmedNow),
    ]);
    return confirmed.length > 0;
  }

  async removeTotp(userId: number, audit: AuditEntry[], now: string): Promise<boolean> {
    const [removed] = await this.db.batch([
      this.db
        .delete(totpSecrets)
        .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
        .returning({ userId: totpSecrets.userId }),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
      this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    ]);
    return removed.length > 0;
  }
}
