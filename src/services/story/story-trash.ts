import type { AuditEntry } from '../../domain/audit/audit.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';
import { editableOrThrow } from './story-save.ts';

/** Deleting a story (soft: it can come back) and restoring it, for whoever may edit it; each audited with the story's status. */
export interface StoryTrashDeps {
  stories: Pick<StoryRepository, 'findById' | 'softDelete' | 'findDeletedFacts' | 'restore'>;
  clock: Clock;
}

/** DELETE /api/stories/{id}. */
export async function deleteStory(deps: StoryTrashDeps, user: User | null, id: number): Promise<void> {
  const story = editableOrThrow(user, await deps.stories.findById(id));
  const audit: AuditEntry[] = [{ action: 'story.deleted', actorId: user!.id, target: null, detail: { status: story.status } }];
  if (!(await deps.stories.softDelete(id, deps.clock.now(), audit))) throw new NotFoundError('Story');
}

/** POST /api/stories/{id}/restore: a deleted story back, for whoever could edit it; 404 for anyone else. */
export async function restoreStory(deps: StoryTrashDeps, user: User | null, id: number): Promise<Story> {
  const facts = await deps.stories.findDeletedFacts(id);
  if (!user || !facts || !policy.canEditStory(user, facts)) throw new NotFoundError('Deleted story');
  const story = await deps.stories.restore(id, deps.clock.now(), [
    { action: 'story.restored', actorId: user.id, target: null, detail: { status: facts.status } },
  ]);
  if (!story) throw new NotFoundError('Deleted story');
  return story;
}
