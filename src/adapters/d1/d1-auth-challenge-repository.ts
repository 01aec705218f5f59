import { and, eq, gt } from 'drizzle-orm';
import type { AuthChallenge, AuthChallengeRepository, ChallengePurpose } from '../../domain/security/ports.ts';
import type { Db } from './db.ts';
import { authChallenges } from './security-schema.ts';

/**
 * Challenges are used up by the batch that acts on them (sign-in-proof.ts, d1-passkey-repository.ts),
 * spent by the one that records their last wrong code (d1-login-attempt-repository.ts), and the
 * expired ones go with the minute job (d1-expired-rows.ts).
 */
export class D1AuthChallengeRepository implements AuthChallengeRepository {
  constructor(private readonly db: Db) {}

  async create(challenge: AuthChallenge & { createdAt: string }): Promise<void> {
    await this.db.insert(authChallenges).values(challenge).run();
  }

  async find(id: string, purpose: ChallengePurpose, now: string): Promise<AuthChallenge | null> {
    const row = await this.db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.id, id), eq(authChallenges.purpose, purpose), gt(authChallenges.expiresAt, now)))
      .get();
    return row ? { id: row.id, purpose: row.purpose, userId: row.userId, detail: row.detail, expiresAt: row.expiresAt } : null;
  }
}
