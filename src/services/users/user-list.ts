import type { User } from '../../domain/users/entities.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

/** GET /api/users (admins): every account, active or not. */
export async function listUsers(deps: { users: Pick<UserRepository, 'list'> }): Promise<User[]> {
  return deps.users.list();
}
