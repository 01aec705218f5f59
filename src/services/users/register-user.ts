import type { PasswordHasher } from '../../domain/security/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { RegisterInput } from '../../domain/users/schemas.ts';

/** POST /api/auth/register (admins): a new staff account, its password hashed, audited with the role it got. */
export async function registerUser(
  deps: { users: Pick<UserRepository, 'create'>; hasher: Pick<PasswordHasher, 'hash'>; clock: Clock },
  admin: User,
  input: RegisterInput,
): Promise<User> {
  const { password, ...account } = input;
  const audit = [{ action: 'user.created' as const, actorId: admin.id, detail: { role: account.role } }];
  return deps.users.create({ ...account, passwordHash: await deps.hasher.hash(password) }, deps.clock.now(), audit);
}
