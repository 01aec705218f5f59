import { and, eq, gt, lte } from 'drizzle-orm';
import type { Reader } from '../../domain/readers/entities.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import type { Db } from './db.ts';
import { mailRequests, readers, readerSessions, readerSignInLinks } from './readers-schema.ts';
import { sendRecipients, subscriptions } from './newsletters-schema.ts';
import { memberComps, memberCustomers, memberPayments, memberSubscriptions } from './members-schema.ts';

export type ReaderRow = typeof readers.$inferSelect;

export function toReader(row: ReaderRow): Reader {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastSignedInAt: row.lastSignedInAt,
  };
}

/** A reader's columns as raw SQL (D1's own `prepare`, not drizzle) answers them. */
export interface RawReaderRow {
  id: number;
  email: string;
  name: string | null;
  created_at: string;
  updated_at: string;
  last_signed_in_at: string | null;
}

export function readerFromRaw(row: RawReaderRow): Reader {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignedInAt: row.last_signed_in_at,
  };
}

/** Reader accounts in D1 (migrations/0040_readers.sql). */
export class D1ReaderRepository implements ReaderRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<Reader | null> {
    const row = await this.db.select().from(readers).where(eq(readers.id, id)).get();
    return row ? toReader(row) : null;
  }

  async findBySession(tokenHash: string, now: string): Promise<Reader | null> {
    const row = await this.db
      .select({ reader: readers })
      .from(readerSessions)
      .innerJoin(readers, eq(readers.id, readerSessions.readerId))
      .where(and(eq(readerSessions.tokenHash, tokenHash), gt(readerSessions.expiresAt, now)))
      .get();
    return row ? toReader(row.reader) : null;
  }

  async rename(id: number, name: string | null, now: string): Promise<Reader | null> {
    const row = await this.db.update(readers).set({ name, updatedAt: now }).where(eq(readers.id, id)).returning().get();
    return row ? toReader(row) : null;
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.db.delete(readerSessions).where(eq(readerSessions.tokenHash, tokenHash));
  }

  async delete(id: number): Promise<void> {
    const reader = await this.findById(id);
    if (!reader) return;
    await this.db.batch([
      // Their subscriptions go; the sends they received keep their counts but lose the address.
      this.db.delete(subscriptions).where(eq(subscriptions.email, reader.email)),
      this.db.update(sendRecipients).set({ email: null }).where(eq(sendRecipients.email, reader.email)),
      this.db.delete(readerSessions).where(eq(readerSessions.readerId, id)),
      this.db.delete(readerSignInLinks).where(eq(readerSignInLinks.email, reader.email)),
      // Mail they asked for that has not left yet (decision 105).
      this.db.delete(mailRequests).where(eq(mailRequests.email, reader.email)),
      // Money and memberships stay as counts for the figures, without the reader (migrations/0051).
      this.db.update(memberSubscriptions).set({ readerId: null }).where(eq(memberSubscriptions.readerId, id)),
      this.db.update(memberPayments).set({ readerId: null, email: null }).where(eq(memberPayments.readerId, id)),
      this.db.update(memberComps).set({ readerId: null }).where(eq(memberComps.readerId, id)),
      this.db.delete(memberCustomers).where(eq(memberCustomers.readerId, id)),
      this.db.delete(readers).where(eq(readers.id, id)),
    ]);
  }

  async pruneSessions(now: string): Promise<void> {
    await this.db.delete(readerSessions).where(lte(readerSessions.expiresAt, now));
  }
}
