import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

export interface DeactivateUserDeps {
  users: Pick<UserRepository, 'countActive' | 'findById' | 'deactivate'>;
  clock: Clock;
}

/**
 * DELETE /api/users/{id} (an admin): deleting deactivates. The account's stories stay, published
 * ones public with their byline; its sessions end in the same write. Nobody deletes their own
 * account, and the last active admin cannot be deleted (the repository checks that in the write
 * itself, so two admins deleting each other cannot both succeed).
 */
export async function deactivateUser(deps: DeactivateUserDeps, admin: User, id: number): Promise<void> {
  const { users, clock } = deps;
  if (id === admin.id) {
    // The only way the last active admin can be targeted outside a race: that rule comes first.
    if ((await users.countActive('admin')) <= 1) throw lastAdmin();
    throw new ConflictError('cannot_delete_self', 'You cannot delete your own account');
  }
  const target = await users.findById(id);
  const audit: AuditEntry[] = target
    ? [{ action: 'user.deactivated', actorId: admin.id, target: { type: 'user', id, label: target.username } }]
    : [];
  const outcome = await users.deactivate(id, clock.now(), audit);
  if (outcome === 'not_found') throw new NotFoundError('User');
  if (outcome === 'last_admin') throw lastAdmin();
}

function lastAdmin(): ConflictError {
  return new ConflictError('last_admin', 'The last active admin cannot be deleted');
}
