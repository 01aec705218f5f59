import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { StoryReviewInput } from '../../domain/story/schemas.ts';
import { reviewOutcome } from '../../domain/story/working-day.ts';
import { storySaveAudit } from '../../domain/audit/audit.ts';
import { staleVersion, type StorySaveDeps } from './story-save.ts';

const WRITE_COLUMNS = [
  'title',
  'slug',
  'description',
  'content',
  'beatId',
  'status',
  'isFeatured',
  'featuredImageUrl',
  'videoUrl',
  'publishedAt',
  'publishAt',
  'reviewNote',
  'submittedAt',
  'featuredImageAlt',
  'featuredImageCaption',
  'featuredImageCredit',
] as const satisfies readonly (keyof Story)[];

/** The columns a write takes, as the story stands now. */
export function currentWrite(story: Story): Pick<Story, (typeof WRITE_COLUMNS)[number]> {
  return Object.fromEntries(WRITE_COLUMNS.map((column) => [column, story[column]])) as Pick<Story, (typeof WRITE_COLUMNS)[number]>;
}

/**
 * POST /api/stories/{id}/review, for admins. Approving publishes the story now or at the time its
 * author asked for; sending it back makes it a draft with the note. Either way with the version
 * the admin read, and a revision by the admin.
 */
export async function reviewStory(deps: StorySaveDeps, admin: User, id: number, input: StoryReviewInput): Promise<Story> {
  const story = await deps.stories.findById(id);
  if (!story || !policy.canViewStory(admin, story)) throw new NotFoundError('Story');
  if (!policy.canReviewStories(admin)) throw new ForbiddenError('Only an admin can review stories');
  if (story.version !== input.version) throw staleVersion(story);
  if (story.status !== 'in_review') throw new ConflictError('not_in_review', 'This story is not waiting for review');
  const now = deps.clock.now();
  const next = { ...currentWrite(story), ...reviewOutcome(story, input.decision, input.note, now) };
  const outcome = await deps.stories.update(
    id,
    input.version,
    next,
    now,
    admin.id,
    storySaveAudit(admin.id, next, story.status, next.status),
  );
  if (outcome.kind === 'not_found') throw new NotFoundError('Story');
  if (outcome.kind === 'stale') throw staleVersion(await deps.stories.findById(id));
  return outcome.story;
}
