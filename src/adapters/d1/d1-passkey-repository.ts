import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { PasskeyRepository, PasskeySummary, StoredPasskey } from '../../domain/security/ports.ts';
import { auditEntry, auditEntriesFrom, ifChanged } from './audit-entry.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { useChallenge } from './sign-in-proof.ts';
import { endOtherSessions } from './d1-session-repository.ts';
import { passkeys } from './security-schema.ts';

type PasskeyRow = typeof passkeys.$inferSelect;

function toPasskey(row: PasskeyRow): StoredPasskey {
  return { ...row };
}

export class D1PasskeyRepository implements PasskeyRepository {
  constructor(private readonly db: Db) {}

  async listForUser(userId: number): Promise<StoredPasskey[]> {
    const rows = await this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return rows.map(toPasskey);
  }

  async findByCredentialId(credentialId: string): Promise<StoredPasskey | null> {
    const row = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
    return row ? toPasskey(row) : null;
  }

  async add(
    passkey: Omit<StoredPasskey, 'id' | 'lastUsedAt'>,
    challengeId: string,
    now: string,
    audit: AuditEntry[],
    keepSessionId: number,
  ): Promise<PasskeySummary | null> {
    const { userId, credentialId, publicKey, counter, transports, rpId, name, createdAt } = passkey;
    try {
      const [, added] = await this.db.batch([
        // The registration's challenge is used up here: the passkey is stored only if it was still there.
        useChallenge(this.db, challengeId, 'passkey_register', now, userId),
        // Values in the order of security-schema.ts's passkeys columns, which drizzle names in the INSERT.
        this.db
          .insert(passkeys)
          .select(
            sql`SELECT NULL, ${userId}, ${credentialId}, ${publicKey}, ${counter}, ${JSON.stringify(transports)}, ${rpId}, ${name}, ${createdAt}, NULL WHERE ${ifChanged}`,
          )
          .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }),
        ...audit.map(({ action, actorId, detail }) =>
          auditEntriesFrom(this.db, { action, actorId, detail }, now, {
            type: 'passkey',
            id: sql`id`,
            label: sql`name`,
            from: sql`passkeys WHERE id = last_insert_rowid() AND credential_id = ${credentialId}`,
          }),
        ),
        // A new factor: whoever else held a session must now pass it (decision 050). The credential is
        // there only if this batch stored it (a known one fails the whole batch).
        endOtherSessions(this.db, userId, keepSessionId, now, sql`EXISTS (SELECT 1 FROM passkeys WHERE credential_id = ${credentialId})`),
      ]);
      return added[0] ?? null;
    } catch (error) {
      if (isUniqueViolation(error, 'passkeys.credential_id'))
        throw new ConflictError('passkey_exists', 'This passkey is already registered');
      throw error;
    }
  }

  async rename(userId: number, id: number, name: string): Promise<PasskeySummary | null> {
    const row = await this.db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .get();
    return row ?? null;
  }

  async remove(userId: number, id: number, now: string, audit: AuditEntry[]): Promise<boolean> {
    const [removed] = await this.db.batch([
      this.db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id }),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
    ]);
    return removed.length > 0;
  }
}
