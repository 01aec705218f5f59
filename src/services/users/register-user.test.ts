import { describe, expect, it } from 'vitest';
import type { NewUser } from '../../domain/users/ports.ts';
import { aUser, fixedClock, NOW } from '../support/fakes.ts';
import { registerUser } from './register-user.ts';

describe('registering a staff account', () => {
  it('stores the password hashed, never as typed, audited with the admin and the role', async () => {
    const created: { user: NewUser; now: string; audit: unknown }[] = [];
    const deps = {
      users: {
        create: async (user: NewUser, now: string, audit?: unknown) => (created.push({ user, now, audit }), aUser({ id: 9, ...user })),
      },
      hasher: { hash: async (password: string) => `hashed:${password.length}` },
      clock: fixedClock,
    };
    const admin = aUser({ id: 1, role: 'admin' });
    const user = await registerUser(deps, admin, {
      username: 'lee',
      email: 'lee@example.com',
      password: 'correct horse',
      role: 'admin',
      firstName: null,
      lastName: null,
    });
    expect(user.id).toBe(9);
    expect(created).toEqual([
      {
        user: { username: 'lee', email: 'lee@example.com', passwordHash: 'hashed:13', role: 'admin', firstName: null, lastName: null },
        now: NOW,
        audit: [{ action: 'user.created', actorId: 1, detail: { role: 'admin' } }],
      },
    ]);
  });
});
