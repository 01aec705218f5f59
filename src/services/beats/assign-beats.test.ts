import { describe, expect, it } from 'vitest';
import type { Beat } from '../../domain/beats/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { aUser, fixedClock, NOW } from '../support/fakes.ts';
import { assignBeats, assignedBeats, type AssignBeatsDeps } from './assign-beats.ts';

const politics: Beat = { id: 1, name: 'Politics', slug: 'politics', description: null, createdAt: NOW };

describe('beat assignments', () => {
  it('set and read a user’s beats; no such user is 404', async () => {
    const assigned = new Map<number, Beat[]>();
    const deps: AssignBeatsDeps = {
      clock: fixedClock,
      users: { findById: async (id) => (id === 2 ? aUser({ id: 2 }) : null) },
      beats: {
        listAssigned: async (userId) => assigned.get(userId) ?? [],
        assign: async (userId, beatIds) => {
          assigned.set(userId, beatIds.includes(1) ? [politics] : []);
          return assigned.get(userId)!;
        },
      },
    };
    expect(await assignBeats(deps, 2, [1])).toEqual([politics]);
    expect(await assignedBeats(deps, 2)).toEqual([politics]);
    await expect(assignBeats(deps, 3, [1])).rejects.toThrow(NotFoundError);
    await expect(assignedBeats(deps, 3)).rejects.toThrow(NotFoundError);
    expect(assigned.has(3)).toBe(false);
  });
});
