import { ForbiddenError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { Actor } from '../../domain/roles.ts';
import type { StaffMember } from '../../domain/users/answers.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

/**
 * GET /api/users/staff: everyone who writes in the newsroom, active first, by username; for whoever
 * may see the newsroom's stories (policy.canSeeNewsroomStories). Deactivated accounts stay listed:
 * their stories do.
 */
export async function newsroomStaff(deps: { users: Pick<UserRepository, 'list'> }, actor: Actor): Promise<StaffMember[]> {
  if (!policy.canSeeNewsroomStories(actor)) throw new ForbiddenError('Only editors see the newsroom’s staff list');
  const users = await deps.users.list();
  return users
    .map(({ id, username, firstName, lastName, role, isActive }) => ({ id, username, firstName, lastName, role, isActive }))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.username.localeCompare(b.username));
}
