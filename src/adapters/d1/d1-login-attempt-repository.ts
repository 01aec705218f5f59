import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { LoginAttemptRepository } from '../../domain/security/ports.ts';
import { auditEntry } from './audit-entry.ts';
import type { Db } from './db.ts';
import { loginAttempts } from './schema.ts';

export class D1LoginAttemptRepository implements LoginAttemptRepository {
  constructor(private readonly db: Db) {}

  async failuresSince(identifier: string, since: string) {
    const row = await this.db
      .select({ count: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.identifier, identifier), gte(loginAttempts.attemptedAt, since)))
      .get();
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  async recordFailure(identifier: string, at: string, audit: readonly AuditEntry[] = []): Promise<void> {
    await this.db.batch([
      this.db.insert(loginAttempts).values({ identifier, attemptedAt: at }),
      ...audit.map((entry) => auditEntry(this.db, entry, at)),
    ]);
  }

  async clear(identifier: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.identifier, identifier)).run();
  }

  /** Attempts older than the window no longer matter. */
  async pruneBefore(before: string): Promise<void> {
    await this.db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before)).run();
  }
}
