import type { AuthorProfile, User } from '../../domain/users/entities.ts';
import { ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { UpdateProfileInput } from '../../domain/users/schemas.ts';

interface ProfileDeps {
  users: UserRepository;
  stories: StoryRepository;
  beats: BeatRepository;
}

/** The author page's person, or null when there is no page (deactivated, unknown, or an admin with nothing published). */
export async function authorProfile(deps: ProfileDeps, username: string): Promise<AuthorProfile | null> {
  const user = await deps.users.findByUsername(username);
  if (!user) return null;
  const [figures, beats] = await Promise.all([deps.stories.authorFigures(user.id), deps.beats.listAssigned(user.id)]);
  if (!policy.hasAuthorPage(user, figures.published)) return null;
  const { id, firstName, lastName, role, bio, xHandle } = user;
  return { id, username: user.username, firstName, lastName, role, bio, xHandle, beats };
}

/** PUT /api/users/{id}: the user itself or an admin changes the name and bio. */
export async function updateProfile(deps: Pick<ProfileDeps, 'users'>, actor: User, id: number, input: UpdateProfileInput): Promise<User> {
  if (!policy.canEditProfile(actor, id)) {
    if (!(await deps.users.findById(id))) throw new NotFoundError('User');
    throw new ForbiddenError('You can only change your own profile');
  }
  const user = await deps.users.updateProfile(id, input);
  if (!user) throw new NotFoundError('User');
  return user;
}
