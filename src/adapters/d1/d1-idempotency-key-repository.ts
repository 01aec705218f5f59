import { and, eq, lte } from 'drizzle-orm';
import type { IdempotencyKeyRepository, IdempotencyRecord } from '../../domain/ports.ts';
import type { Db } from './db.ts';
import { idempotencyKeys } from './schema.ts';

export class D1IdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly db: Db) {}

  async claim(userId: number, key: string, now: string, expiresAt: string): Promise<IdempotencyRecord | null> {
    // One statement: a new key is inserted, an expired one taken over; a live one is left alone.
    const claimed = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, status: 'pending', createdAt: now, expiresAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { status: 'pending', fingerprint: null, responseStatus: null, responseBody: null, createdAt: now, expiresAt },
        setWhere: lte(idempotencyKeys.expiresAt, now),
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
    if (!row || row.status === 'pending') return { status: 'pending' };
    return { status: 'done', fingerprint: row.fingerprint!, responseStatus: row.responseStatus!, responseBody: row.responseBody! };
  }

  async complete(userId: number, key: string, answer: { fingerprint: string; responseStatus: number; responseBody: string }): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status: 'done', ...answer })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .run();
  }

  async release(userId: number, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'pending')))
      .run();
  }
}
