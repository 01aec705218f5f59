import { and, eq, gt, isNull } from 'drizzle-orm';
import type { User } from '../../domain/entities.ts';
import type { SessionRepository } from '../../domain/ports.ts';
import type { Db } from './db.ts';
import { toUser } from './d1-user-repository.ts';
import { sessions, users } from './schema.ts';

export class D1SessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
    await this.db.insert(sessions).values(session).run();
  }

  async findUser(tokenHash: string, now: string): Promise<User | null> {
    const row = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.isActive, true),
        ),
      )
      .get();
    return row ? toUser(row.user) : null;
  }

  async revoke(tokenHash: string, now: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .run();
  }
}
