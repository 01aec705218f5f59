import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { IdempotencyClaim, IdempotencyKeyRepository, IdempotencyRecord } from '../http/idempotency.ts';
import type { Db } from './db.ts';
import { idempotencyKeys } from './schema.ts';

const heldBy = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.claimId, claim.claimId));

export class D1IdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly db: Db) {}

  async claim(claim: IdempotencyClaim, now: string, leaseUntil: string, expiresAt: string): Promise<IdempotencyRecord | null> {
    const { userId, key, claimId } = claim;
    // One statement: a new key is inserted; an expired one, or a pending one whose lease ran out
    // (its request is gone: decision 051), is taken over; a live one is left alone.
    const claimed = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, status: 'pending', createdAt: now, expiresAt, leaseUntil, claimId })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          status: 'pending',
          fingerprint: null,
          responseStatus: null,
          responseBody: null,
          createdAt: now,
          expiresAt,
          leaseUntil,
          claimId,
        },
        setWhere: or(
          lte(idempotencyKeys.expiresAt, now),
          and(eq(idempotencyKeys.status, 'pending'), sql`coalesce(${idempotencyKeys.leaseUntil}, '') <= ${now}`),
        ),
      })
      .returning({ userId: idempotencyKeys.userId })
      .get();
    if (claimed) return null;
    const row = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get();
    // Gone between the two statements (its request failed and gave it up): a retry may claim it.
    if (!row) return { status: 'pending', leaseUntil: now };
    if (row.status === 'pending') return { status: 'pending', leaseUntil: row.leaseUntil ?? now };
    return { status: 'done', fingerprint: row.fingerprint!, responseStatus: row.responseStatus!, responseBody: row.responseBody! };
  }

  async renew(claim: IdempotencyClaim, leaseUntil: string): Promise<boolean> {
    const row = await this.db
      .update(idempotencyKeys)
      .set({ leaseUntil })
      .where(and(heldBy(claim), eq(idempotencyKeys.status, 'pending')))
      .returning({ key: idempotencyKeys.key })
      .get();
    return row !== undefined;
  }

  async complete(claim: IdempotencyClaim, answer: { fingerprint: string; responseStatus: number; responseBody: string }): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status: 'done', leaseUntil: null, ...answer })
      .where(and(heldBy(claim), eq(idempotencyKeys.status, 'pending')))
      .run();
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(heldBy(claim), eq(idempotencyKeys.status, 'pending')))
      .run();
  }
}
