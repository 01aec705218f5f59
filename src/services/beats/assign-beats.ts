import type { Beat } from '../../domain/beats/entities.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { NotFoundError } from '../../domain/errors.ts';

export interface AssignBeatsDeps {
  users: Pick<UserRepository, 'findById'>;
  beats: Pick<BeatRepository, 'listAssigned' | 'assign'>;
  clock: Clock;
}

async function existingUser(deps: Pick<AssignBeatsDeps, 'users'>, userId: number): Promise<void> {
  if (!(await deps.users.findById(userId))) throw new NotFoundError('User');
}

/** The beats a user covers (admins: GET /api/users/{id}/beats); 404 for no such user. */
export async function assignedBeats(deps: AssignBeatsDeps, userId: number): Promise<Beat[]> {
  await existingUser(deps, userId);
  return deps.beats.listAssigned(userId);
}

/** Sets the beats a user covers, all at once (admins: PUT /api/users/{id}/beats); 404 for no such user. */
export async function assignBeats(deps: AssignBeatsDeps, userId: number, beatIds: number[]) {
  await existingUser(deps, userId);
  return deps.beats.assign(userId, beatIds, deps.clock.now());
}
