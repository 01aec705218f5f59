import { auditText, type AuditEntry } from '../../domain/audit/audit.ts';
import type { Correction } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { CorrectionRepository, StoryRepository } from '../../domain/story/ports.ts';
import { editableOrThrow } from './story-save.ts';

/**
 * POST /api/stories/{id}/corrections: the author or an admin adds a permanent, public correction to
 * a published story; the story's updatedAt moves with it. Any other status is a 409.
 */
export async function addCorrection(
  deps: { stories: StoryRepository; corrections: CorrectionRepository; clock: Clock },
  user: User,
  id: number,
  note: string,
): Promise<Correction> {
  editableOrThrow(user, await deps.stories.findById(id));
  const audit: AuditEntry[] = [{ action: 'story.correction_added', actorId: user.id, target: null, detail: { note: auditText(note) } }];
  const correction = await deps.corrections.add(id, user.id, note, deps.clock.now(), audit);
  if (!correction) throw new ConflictError('not_published', 'Only a published story can be corrected');
  return correction;
}
