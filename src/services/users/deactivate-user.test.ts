import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { User } from '../../domain/users/entities.ts';
import { aUser, fixedClock } from '../support/fakes.ts';
import { deactivateUser, type DeactivateUserDeps } from './deactivate-user.ts';

/** Users in memory, with the repository's own last-admin rule. */
function world(people: User[]) {
  const byId = new Map(people.map((user) => [user.id, user]));
  const written: AuditEntry[][] = [];
  const deps: DeactivateUserDeps = {
    clock: fixedClock,
    users: {
      findById: async (id) => byId.get(id) ?? null,
      countActive: async (role) => [...byId.values()].filter((user) => user.isActive && user.role === role).length,
      deactivate: async (id, _now, audit = []) => {
        const user = byId.get(id);
        if (!user) return 'not_found';
        const admins = [...byId.values()].filter((other) => other.isActive && other.role === 'admin');
        if (user.role === 'admin' && user.isActive && admins.length <= 1) return 'last_admin';
        byId.set(id, { ...user, isActive: false });
        written.push([...audit]);
        return 'deactivated';
      },
    },
  };
  return { deps, byId, written };
}

const admin = aUser({ id: 1, role: 'admin', username: 'ed' });
const reporter = aUser({ id: 2, username: 'maya' });

describe('deactivateUser', () => {
  it('deactivates a reporter and writes who did it with it', async () => {
    const { deps, byId, written } = world([admin, reporter]);
    await deactivateUser(deps, admin, 2);
    expect(byId.get(2)!.isActive).toBe(false);
    expect(written).toEqual([[{ action: 'user.deactivated', actorId: 1, target: { type: 'user', id: 2, label: 'maya' } }]]);
  });

  it('refuses to delete yourself, saying "last admin" when you are the last one', async () => {
    const alone = world([admin, reporter]);
    await expect(deactivateUser(alone.deps, admin, 1)).rejects.toMatchObject({ code: 'last_admin' });
    const two = world([admin, aUser({ id: 3, role: 'admin', username: 'ada' })]);
    await expect(deactivateUser(two.deps, admin, 1)).rejects.toMatchObject({ code: 'cannot_delete_self' });
    expect(two.written).toEqual([]);
  });

  it('passes on the repository’s last-admin refusal (another admin, deactivated meanwhile)', async () => {
    const other = aUser({ id: 3, role: 'admin', username: 'ada' });
    const { deps } = world([{ ...admin, isActive: false }, other]);
    await expect(deactivateUser(deps, admin, 3)).rejects.toBeInstanceOf(ConflictError);
  });

  it('answers not found for no such user', async () => {
    const { deps } = world([admin]);
    await expect(deactivateUser(deps, admin, 9)).rejects.toBeInstanceOf(NotFoundError);
  });
});
