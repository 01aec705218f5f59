import type { Story, StoryRevision, StoryRevisionSummary } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { StoryRevisionRepository } from '../../domain/story/ports.ts';
import { staleVersion, type StorySaveDeps } from './story-save.ts';
import { currentWrite } from './story-review.ts';
import { changesRevision } from '../../domain/story/working-day.ts';

type HistoryDeps = StorySaveDeps & { revisions: StoryRevisionRepository };

/** A story's history is for its author and admins; to anyone else the story has none (404). */
async function storyWithHistory(deps: HistoryDeps, user: User, id: number): Promise<Story> {
  const story = await deps.stories.findById(id);
  if (!story || !policy.canSeeHistory(user, story)) throw new NotFoundError('Story');
  return story;
}

export async function listRevisions(deps: HistoryDeps, user: User, id: number): Promise<StoryRevisionSummary[]> {
  await storyWithHistory(deps, user, id);
  return deps.revisions.list(id);
}

export async function readRevision(deps: HistoryDeps, user: User, id: number, revisionId: number): Promise<StoryRevision> {
  await storyWithHistory(deps, user, id);
  const revision = await deps.revisions.find(id, revisionId);
  if (!revision) throw new NotFoundError('Revision');
  return revision;
}

/**
 * Makes a revision's text (title, description, content, picture and video) the story's current
 * text, as a new version, with a revision of its own when the text, slug, status or video changed
 * (as for a save). Restoring what the story already holds writes nothing. Status, slug, beat and
 * schedule stay as they are: restoring words does not unpublish or move a story.
 */
export async function restoreRevision(deps: HistoryDeps, user: User, id: number, revisionId: number, version: number): Promise<Story> {
  const story = await storyWithHistory(deps, user, id);
  const revision = await deps.revisions.find(id, revisionId);
  if (!revision) throw new NotFoundError('Revision');
  if (story.version !== version) throw staleVersion(story);
  const now = deps.clock.now();
  const next = {
    ...currentWrite(story),
    title: revision.title,
    description: revision.description,
    // Sanitised when it was saved; again here, in case the rules have tightened since.
    content: deps.storyHtml.sanitize(revision.content),
    featuredImageUrl: revision.featuredImageUrl,
    featuredImageAlt: revision.featuredImageAlt,
    featuredImageCaption: revision.featuredImageCaption,
    featuredImageCredit: revision.featuredImageCredit,
    videoUrl: revision.videoUrl,
  };
  const keepsRevision = changesRevision(story, next);
  // Restoring what the story already holds (the picture and its words included) is no write at all.
  const samePicture = (['featuredImageUrl', 'featuredImageAlt', 'featuredImageCaption', 'featuredImageCredit'] as const).every(
    (field) => story[field] === next[field],
  );
  if (!keepsRevision && samePicture) return story;
  const outcome = await deps.stories.update(id, version, next, now, keepsRevision ? user.id : null);
  if (outcome.kind === 'not_found') throw new NotFoundError('Story');
  if (outcome.kind === 'stale') throw staleVersion(await deps.stories.findById(id));
  return outcome.story;
}
