import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { LockoutWindow, LoginAttemptRepository } from '../../domain/security/ports.ts';
import { auditEntry } from './audit-entry.ts';
import type { Db } from './db.ts';
import { loginAttempts } from './schema.ts';
import { authChallenges } from './security-schema.ts';

/** The key has fewer than `max` failures since `since`: the condition every write that counts or forgives one checks. */
export function notLocked(window: LockoutWindow) {
  return sql`(SELECT count(*) FROM login_attempts a WHERE a.key = ${window.key} AND a.attempted_at >= ${window.since}) < ${window.max}`;
}

/**
 * Failed sign-ins per lockout key (decision 050, migration 0030). A failure is written by one
 * conditional INSERT that counts the key's failures as it runs: D1 runs one statement at a time, so
 * of any burst of concurrent failures only those that found the key unlocked are written, and the
 * others are answered 429. Its audit entry (and, for a wrong code, the challenge's spent try) follow
 * in the same batch, tied to the new row by its random id.
 */
export class D1LoginAttemptRepository implements LoginAttemptRepository {
  constructor(private readonly db: Db) {}

  async failuresSince(key: string, since: string) {
    const row = await this.db
      .select({ count: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)))
      .get();
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  async recordFailure(
    window: LockoutWindow,
    at: string,
    audit: readonly AuditEntry[],
    challenge?: { id: string; maxFailures: number },
  ): Promise<boolean> {
    const id = crypto.randomUUID();
    const challengeHasTries = challenge
      ? sql` AND EXISTS (SELECT 1 FROM auth_challenges c WHERE c.id = ${challenge.id} AND c.expires_at > ${at} AND c.failures < ${challenge.maxFailures})`
      : sql``;
    const recorded = sql`EXISTS (SELECT 1 FROM login_attempts WHERE id = ${id})`;
    // Values in the order of schema.ts's loginAttempts columns, which drizzle names in the INSERT.
    const [inserted] = await this.db.batch([
      this.db
        .insert(loginAttempts)
        .select(sql`SELECT ${id}, ${window.key}, ${at} WHERE ${notLocked(window)}${challengeHasTries}`)
        .returning({ id: loginAttempts.id }),
      ...audit.map((entry) => auditEntry(this.db, entry, at, recorded)),
      ...(challenge
        ? [
            this.db
              .update(authChallenges)
              .set({ failures: sql`${authChallenges.failures} + 1` })
              .where(and(eq(authChallenges.id, challenge.id), recorded)),
            // The last try spent: the sign-in starts again with the password.
            this.db
              .delete(authChallenges)
              .where(and(eq(authChallenges.id, challenge.id), gte(authChallenges.failures, challenge.maxFailures))),
          ]
        : []),
    ]);
    return inserted.length > 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, key)).run();
  }
}
