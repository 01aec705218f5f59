import { asc, eq, sql } from 'drizzle-orm';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterFields, NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { newsletters } from './newsletters-schema.ts';
import { beats } from './schema.ts';

const columns = { newsletter: newsletters, beatName: beats.name };

export function toNewsletter(row: typeof newsletters.$inferSelect, beatName: string | null): Newsletter {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    beat: row.beatId !== null && beatName !== null ? { id: row.beatId, name: beatName } : null,
    senderName: row.senderName,
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Subscribed and not suppressed: who a send would mail. */
export const MAILABLE = sql`s.status = 'subscribed' AND NOT EXISTS (SELECT 1 FROM suppressions x WHERE x.email = s.email)`;

/** Newsletters in D1 (migrations/0041_newsletters.sql). */
export class D1NewsletterRepository implements NewsletterRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db.select(columns).from(newsletters).leftJoin(beats, eq(beats.id, newsletters.beatId));
  }

  async list({ all = false }: { all?: boolean } = {}): Promise<Newsletter[]> {
    const query = this.select();
    const rows = await (all ? query : query.where(eq(newsletters.isActive, true))).orderBy(asc(newsletters.name), asc(newsletters.id));
    return rows.map((row) => toNewsletter(row.newsletter, row.beatName));
  }

  async findById(id: number): Promise<Newsletter | null> {
    const row = await this.select().where(eq(newsletters.id, id)).get();
    return row ? toNewsletter(row.newsletter, row.beatName) : null;
  }

  async findBySlug(slug: string): Promise<Newsletter | null> {
    const row = await this.select().where(eq(newsletters.slug, slug)).get();
    return row ? toNewsletter(row.newsletter, row.beatName) : null;
  }

  async create(fields: NewsletterFields, now: string): Promise<Newsletter | null> {
    try {
      const row = await this.db
        .insert(newsletters)
        .values({ ...fields, createdAt: now, updatedAt: now })
        .returning({ id: newsletters.id })
        .get();
      return this.findById(row.id);
    } catch (error) {
      if (isUniqueViolation(error, 'newsletters.slug')) return null;
      throw error;
    }
  }

  async update(id: number, fields: NewsletterFields, now: string): Promise<Newsletter | null | 'slug_taken'> {
    try {
      const row = await this.db
        .update(newsletters)
        .set({ ...fields, updatedAt: now })
        .where(eq(newsletters.id, id))
        .returning({ id: newsletters.id })
        .get();
      return row ? this.findById(row.id) : null;
    } catch (error) {
      if (isUniqueViolation(error, 'newsletters.slug')) return 'slug_taken';
      throw error;
    }
  }

  async subscriberCounts(): Promise<Map<number, number>> {
    const rows = await this.db.all<{ id: number; n: number }>(
      sql`SELECT s.newsletter_id AS id, COUNT(*) AS n FROM subscriptions s WHERE ${MAILABLE} GROUP BY s.newsletter_id`,
    );
    return new Map(rows.map((row) => [row.id, row.n]));
  }
}
