import { authorAccount, NEWSROOM_ACCOUNT, parseAccountId } from '../../domain/federation/accounts.ts';
import type { User } from '../../domain/users/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

export interface AccountDeps {
  users: UserRepository;
  stories: StoryRepository;
}

export type FediverseAccount = { kind: 'newsroom'; id: string } | { kind: 'author'; id: string; user: User };

/** Whether the user has a story readers can read (what makes them an account). */
export async function hasPublishedStory(deps: { stories: Pick<StoryRepository, 'list'> }, userId: number): Promise<boolean> {
  const { total } = await deps.stories.list({ scope: { kind: 'published' }, authorId: userId, limit: 1, offset: 0 });
  return total > 0;
}

/** The account an actor id names: the newsroom, or a staff member with a published story; null for anyone else. */
export async function accountById(deps: AccountDeps, id: string): Promise<FediverseAccount | null> {
  const ref = parseAccountId(id);
  if (!ref) return null;
  if (ref.kind === 'newsroom') return { kind: 'newsroom', id: NEWSROOM_ACCOUNT };
  const user = await deps.users.findById(ref.userId);
  if (!user || !(await hasPublishedStory(deps, user.id))) return null;
  return { kind: 'author', id: authorAccount(user.id), user };
}

/**
 * The account a handle names (WebFinger): the newsroom's handle, or a username of a staff member with
 * a published story, matched without regard to case as at sign-in. The newsroom's handle wins.
 */
export async function accountByHandle(deps: AccountDeps, newsroomHandle: string, handle: string): Promise<string | null> {
  if (handle.toLowerCase() === newsroomHandle) return NEWSROOM_ACCOUNT;
  return authorAccountByUsername(deps, handle);
}

/** The account of the staff member with this username, if they have a published story. */
export async function authorAccountByUsername(deps: AccountDeps, username: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_.-]{1,50}$/.test(username)) return null;
  const user = await deps.users.findByUsername(username);
  if (!user || !(await hasPublishedStory(deps, user.id))) return null;
  return authorAccount(user.id);
}
