import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { User } from '../../domain/users/entities.ts';
import type { DeactivateOutcome, NewUser, UserRepository } from '../../domain/users/ports.ts';
import type { Role } from '../../domain/roles.ts';
import { auditEntriesFrom, auditEntry, ifChanged } from './audit-entry.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { sessions, users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    xHandle: row.xHandle,
    createdAt: row.createdAt,
  };
}

function conflictFor(error: unknown): never {
  if (isUniqueViolation(error, 'users.username')) {
    throw new ConflictError('username_taken', 'That username is already taken', { username: 'That username is already taken' });
  }
  if (isUniqueViolation(error, 'users.email')) {
    throw new ConflictError('email_taken', 'That email is already in use', { email: 'That email is already in use' });
  }
  throw error;
}

export class D1UserRepository implements UserRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<User | null> {
    const row = await this.db.select().from(users).where(eq(users.id, id)).get();
    return row ? toUser(row) : null;
  }

  async findCredentials(identifier: string) {
    // The columns are COLLATE NOCASE, so both comparisons ignore ASCII case.
    const row = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, identifier), eq(users.username, identifier)))
      .get();
    return row ? { user: toUser(row), passwordHash: row.passwordHash } : null;
  }

  async list(): Promise<User[]> {
    const rows = await this.db.select().from(users).orderBy(asc(users.username));
    return rows.map(toUser);
  }

  async create(user: NewUser, now: string, audit: readonly Omit<AuditEntry, 'target'>[] = []): Promise<User> {
    try {
      const [rows] = await this.db.batch([
        this.db
          .insert(users)
          .values({ ...user, isActive: true, createdAt: now })
          .returning(),
        // The new user is the row the insert just made.
        ...audit.map((entry) =>
          auditEntriesFrom(this.db, entry, now, {
            type: 'user',
            id: sql`id`,
            label: sql`username`,
            from: sql`users WHERE id = last_insert_rowid()`,
          }),
        ),
      ]);
      return toUser(rows[0]!);
    } catch (error) {
      conflictFor(error);
    }
  }

  async upsertAdmin(user: NewUser, now: string) {
    const existing = await this.db.select().from(users).where(eq(users.email, user.email)).get();
    // The admin command is the system acting (actor null): npm run admin on the server's machine.
    if (!existing)
      return {
        user: await this.create(user, now, [{ action: 'user.created', actorId: null, detail: { by: 'admin command' } }]),
        created: true,
      };
    const target = { type: 'user', id: existing.id, label: existing.username } as const;
    const [, updated] = await this.db.batch([
      this.db.delete(sessions).where(eq(sessions.userId, existing.id)),
      this.db
        .update(users)
        .set({ passwordHash: user.passwordHash, role: 'admin', isActive: true })
        .where(eq(users.id, existing.id))
        .returning(),
      auditEntry(this.db, { action: 'auth.password_reset', actorId: null, target, detail: { by: 'admin command' } }, now),
      ...(existing.role === 'admin'
        ? []
        : [auditEntry(this.db, { action: 'user.role_changed', actorId: null, target, detail: { from: existing.role, to: 'admin' } }, now)]),
    ]);
    return { user: toUser(updated[0]!), created: false };
  }

  async deactivate(id: number, now: string, audit: readonly AuditEntry[] = []): Promise<DeactivateOutcome> {
    // One statement decides and writes, so two admins deleting each other at once cannot both succeed.
    const otherActiveAdmins = sql`(SELECT count(*) FROM users AS other WHERE other.role = 'admin' AND other.is_active = 1 AND other.id != ${id})`;
    const [updated] = await this.db.batch([
      this.db
        .update(users)
        .set({ isActive: false })
        .where(and(eq(users.id, id), or(ne(users.role, 'admin'), sql`${otherActiveAdmins} > 0`)))
        .returning({ id: users.id }),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
      this.db
        .delete(sessions)
        .where(and(eq(sessions.userId, id), sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${id} AND users.is_active = 0)`)),
    ]);
    if (updated.length > 0) return 'deactivated';
    const target = await this.findById(id);
    return target ? 'last_admin' : 'not_found';
  }

  async passwordHashOf(id: number): Promise<string | null> {
    const row = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).get();
    return row?.passwordHash ?? null;
  }

  async changePassword(id: number, passwordHash: string, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<void> {
    await this.db.batch([
      this.db.update(users).set({ passwordHash }).where(eq(users.id, id)),
      this.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))),
      ...audit.map((entry) => auditEntry(this.db, entry, now)),
    ]);
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.db.select().from(users).where(eq(users.username, username)).get();
    return row ? toUser(row) : null;
  }

  async updateProfile(
    id: number,
    patch: { firstName?: string | null; lastName?: string | null; bio?: string | null; xHandle?: string | null },
  ): Promise<User | null> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) return this.findById(id);
    const row = await this.db.update(users).set(changes).where(eq(users.id, id)).returning().get();
    return row ? toUser(row) : null;
  }

  async countActive(role: Role): Promise<number> {
    const row = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, role), eq(users.isActive, true)))
      .get();
    return row?.n ?? 0;
  }
}
