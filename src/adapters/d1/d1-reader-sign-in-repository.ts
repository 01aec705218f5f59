import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { NewReaderSession, Reader, ReaderSignInLink } from '../../domain/readers/entities.ts';
import type { ReaderSignInRepository } from '../../domain/readers/ports.ts';
import type { Db } from './db.ts';
import { readerFromRaw, type RawReaderRow } from './d1-reader-repository.ts';
import { readerSignInLinks } from './readers-schema.ts';

/** Sign-in links in D1 (migrations/0040_readers.sql): only the token's hash is kept. */
export class D1ReaderSignInRepository implements ReaderSignInRepository {
  constructor(private readonly db: Db) {}

  async create(link: ReaderSignInLink): Promise<void> {
    await this.db.insert(readerSignInLinks).values(link);
  }

  async findUsable(tokenHash: string, now: string): Promise<ReaderSignInLink | null> {
    const row = await this.db
      .select()
      .from(readerSignInLinks)
      .where(and(eq(readerSignInLinks.tokenHash, tokenHash), isNull(readerSignInLinks.usedAt), gt(readerSignInLinks.expiresAt, now)))
      .get();
    if (!row) return null;
    const { tokenHash: hash, email, newsletters, browserHash, createdAt, expiresAt } = row;
    return { tokenHash: hash, email, newsletters, browserHash, createdAt, expiresAt };
  }

  async redeem(tokenHash: string, session: NewReaderSession): Promise<Reader | null> {
    const d1 = this.db.$client;
    const { tokenHash: sessionHash, createdAt: now, expiresAt } = session;
    // The first statement uses the link (unused, unexpired) and marks it with this session's hash;
    // every later one acts only on the link so marked, so a used, expired or unknown token changes nothing.
    const results = await d1.batch<RawReaderRow>([
      d1
        .prepare(
          'UPDATE reader_sign_in_links SET used_at = ?1, session_hash = ?2 WHERE token_hash = ?3 AND used_at IS NULL AND expires_at > ?1',
        )
        .bind(now, sessionHash, tokenHash),
      d1
        .prepare(
          `INSERT INTO readers (email, created_at, updated_at, last_signed_in_at)
           SELECT email, ?1, ?1, ?1 FROM reader_sign_in_links WHERE session_hash = ?2
           ON CONFLICT (email) DO UPDATE SET last_signed_in_at = excluded.last_signed_in_at`,
        )
        .bind(now, sessionHash),
      d1
        .prepare(
          `INSERT INTO reader_sessions (token_hash, reader_id, created_at, expires_at)
           SELECT ?2, r.id, ?1, ?3 FROM readers r JOIN reader_sign_in_links l ON l.email = r.email WHERE l.session_hash = ?2`,
        )
        .bind(now, sessionHash, expiresAt),
      // The link's newsletters (active ones): following it proves the address, so they are confirmed at once.
      d1
        .prepare(
          `INSERT INTO subscriptions (newsletter_id, email, status, source, confirmed_via, created_at, subscribed_at)
           SELECT n.id, l.email, 'subscribed', 'sign_in', 'sign_in_link', ?1, ?1
           FROM reader_sign_in_links l JOIN json_each(l.newsletters) j JOIN newsletters n ON n.slug = j.value AND n.is_active = 1
           WHERE l.session_hash = ?2
           ON CONFLICT (newsletter_id, email) DO UPDATE SET
             status = 'subscribed', confirmed_via = 'sign_in_link', subscribed_at = excluded.subscribed_at,
             unsubscribed_at = NULL, confirmation_hash = NULL, confirmation_expires_at = NULL
           WHERE status <> 'subscribed'`,
        )
        .bind(now, sessionHash),
      d1.prepare('SELECT r.* FROM readers r JOIN reader_sessions s ON s.reader_id = r.id WHERE s.token_hash = ?1').bind(sessionHash),
    ]);
    const row = results.at(-1)?.results[0];
    return row ? readerFromRaw(row) : null;
  }

  async pruneBefore(now: string): Promise<void> {
    await this.db.delete(readerSignInLinks).where(lte(readerSignInLinks.expiresAt, now));
  }
}
