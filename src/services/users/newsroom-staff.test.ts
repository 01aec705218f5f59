import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../domain/errors.ts';
import { aUser } from '../support/fakes.ts';
import { newsroomStaff } from './newsroom-staff.ts';

const admin = aUser({ id: 1, role: 'admin', username: 'chief', email: 'chief@example.com' });
const maya = aUser({ id: 2, username: 'maya', firstName: 'Maya', lastName: 'Okafor', email: 'maya@example.com' });
const gone = aUser({ id: 3, username: 'anna', isActive: false });
const deps = { users: { list: async () => [maya, gone, admin] } };

describe('newsroomStaff', () => {
  it('lists every account for an admin, active ones first by username, without their addresses', async () => {
    const staff = await newsroomStaff(deps, admin);
    expect(staff.map((person) => person.username)).toEqual(['chief', 'maya', 'anna']);
    expect(staff[1]).toEqual({ id: 2, username: 'maya', firstName: 'Maya', lastName: 'Okafor', role: 'reporter', isActive: true });
    expect(JSON.stringify(staff)).not.toContain('@example.com');
  });

  it('refuses a reporter and an anonymous caller', async () => {
    await expect(newsroomStaff(deps, maya)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(newsroomStaff(deps, null)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
