import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { ExpiredRows, PruneCutoffs, PrunedTable } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { idempotencyKeys, loginAttempts, sessions, uploadSessions } from './schema.ts';
import { authChallenges, passwordResets } from './security-schema.ts';

/**
 * The minute job's pruning in D1 (decision 050): one batch of deletes, each over an index on its
 * time column. Upload parts go with their session (ON DELETE CASCADE); the audit log is never pruned.
 */
export class D1ExpiredRows implements ExpiredRows {
  constructor(private readonly db: Db) {}

  async abandonedUploads(before: string): Promise<{ objectKey: string; r2UploadId: string }[]> {
    const rows = await this.db
      .select({ objectKey: uploadSessions.objectKey, r2UploadId: uploadSessions.r2UploadId })
      .from(uploadSessions)
      .where(and(eq(uploadSessions.status, 'open'), lte(uploadSessions.expiresAt, before), isNotNull(uploadSessions.r2UploadId)));
    return rows.flatMap(({ objectKey, r2UploadId }) => (objectKey && r2UploadId ? [{ objectKey, r2UploadId }] : []));
  }

  async prune({ now, attemptsBefore, uploadsBefore }: PruneCutoffs): Promise<Record<PrunedTable, number>> {
    const results = await this.db.batch([
      this.db.delete(loginAttempts).where(sql`${loginAttempts.attemptedAt} < ${attemptsBefore}`),
      this.db.delete(authChallenges).where(lte(authChallenges.expiresAt, now)),
      this.db.delete(passwordResets).where(or(lte(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))),
      this.db.delete(sessions).where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt))),
      this.db
        .delete(idempotencyKeys)
        .where(
          or(
            lte(idempotencyKeys.expiresAt, now),
            and(eq(idempotencyKeys.status, 'pending'), sql`coalesce(${idempotencyKeys.leaseUntil}, '') <= ${now}`),
          ),
        ),
      this.db.delete(uploadSessions).where(lte(uploadSessions.expiresAt, uploadsBefore)),
    ]);
    const [attempts, challenges, resets, ended, keys, uploads] = results.map((result) => result.meta.changes ?? 0);
    return {
      login_attempts: attempts!,
      auth_challenges: challenges!,
      password_resets: resets!,
      sessions: ended!,
      idempotency_keys: keys!,
      upload_sessions: uploads!,
    };
  }
}
