import type { Role } from '../roles.ts';
import type { User } from './entities.ts';
import type { AuditEntry } from '../audit/audit.ts';

/** Where staff accounts are kept. */

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
}

export type DeactivateOutcome = 'deactivated' | 'not_found' | 'last_admin';

export interface UserRepository {
  findById(id: number): Promise<User | null>;
  /** Matches the email case-insensitively, or the username. */
  findCredentials(identifier: string): Promise<{ user: User; passwordHash: string } | null>;
  list(): Promise<User[]>;
  /** Throws ConflictError when the username or email is taken. `audit` is written with it (its target is the new user). */
  create(user: NewUser, now: string, audit?: readonly Omit<AuditEntry, 'target'>[]): Promise<User>;
  /** Creates the admin, or makes an existing account with that email an active admin with the new password. */
  upsertAdmin(user: NewUser, now: string): Promise<{ user: User; created: boolean }>;
  /** Deactivates and revokes every session in one atomic step; refuses to remove the last active admin. */
  deactivate(id: number, now: string, audit?: readonly AuditEntry[]): Promise<DeactivateOutcome>;
  /** The password hash, for a check before a change (null when there is no such user). */
  passwordHashOf(id: number): Promise<string | null>;
  /** Sets the password and ends every other session of the user (all but `keepSessionId`), atomically. */
  changePassword(id: number, passwordHash: string, keepSessionId: number, now: string, audit: readonly AuditEntry[]): Promise<void>;
  countActive(role: Role): Promise<number>;
  /** The username matched without regard to ASCII case, as at sign-in. */
  findByUsername(username: string): Promise<User | null>;
  /** Changes only the fields given; null when there is no such user. */
  updateProfile(
    id: number,
    patch: { firstName?: string | null; lastName?: string | null; bio?: string | null; xHandle?: string | null },
  ): Promise<User | null>;
}
