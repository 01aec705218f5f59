import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../domain/errors.ts';
import { messages } from '../../domain/messages.ts';
import { policy } from '../../domain/permissions.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { StoryHtmlSanitizer, StoryRepository, StoryWrite } from '../../domain/story/ports.ts';
import type { StorySaveInput, StoryUpdateInput } from '../../domain/story/schemas.ts';
import { firstFreeSlug, slugify } from '../../domain/story/slug.ts';
import { nextPublishedAt } from '../../domain/story/story.ts';
import type { StoryFormat } from '../../domain/story/story.ts';
import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import { storySaveAudit } from '../../domain/audit/audit.ts';
import { storyTextOverflow, storyTooLongMessage, utf8Length } from '../../domain/story/story-size.ts';
import { storyText } from '../../domain/story/story-text.ts';
import { DEFAULT_STORY_ACCESS } from '../../domain/members/access.ts';
import { changesRevision, nextWorkflowFields, publishAtProblem, type WorkflowFields } from '../../domain/story/working-day.ts';

/**
 * A generated slug can lose a race to another save of the same title; then the next free one is
 * tried. Every round of a race has a winner, so N saves racing for one title need at most N rounds:
 * the bound only stops a runaway loop, it must stay well above any real burst of same-title saves.
 */
const GENERATED_SLUG_ATTEMPTS = 64;

/** The ports a story save needs. */
export interface StorySaveDeps {
  stories: StoryRepository;
  beats: BeatRepository;
  clock: Clock;
  storyHtml: StoryHtmlSanitizer;
}

/** A save of an existing story also asks whether it carries a live stream (such a story stays public). */
export type StoryUpdateDeps = StorySaveDeps & { liveStreams: Pick<LiveStreamRepository, 'existsForStory'> };

/** What a save needs to know about the story it changes. */
type StoredWorkflow = Pick<Story, 'publishedAt' | 'status' | 'access' | 'format'> & WorkflowFields;

/**
 * Turns a validated save payload into the columns to write: content sanitised, size checked
 * (a row D1 can store), beat checked, publish time checked, publishedAt and the workflow columns per the story rules. The slug is
 * resolved by saveWithSlug.
 */
export async function prepareStoryWrite(
  deps: StorySaveDeps,
  input: Omit<StorySaveInput, 'format'> & { format?: StoryFormat },
  current: StoredWorkflow | null,
  now: string = deps.clock.now(),
): Promise<Omit<StoryWrite, 'slug'>> {
  const publishAt = input.publishAt ?? null;
  // Absent leaves it as it is (public on a new story); a live blog is for everyone (decision 090).
  const access = input.access ?? current?.access ?? DEFAULT_STORY_ACCESS;
  if (access !== 'public' && (current?.format ?? input.format) === 'liveblog')
    throw new ValidationError({ access: messages.liveBlogIsPublic });
  const timing = publishAtProblem(input.status, publishAt, now);
  if (timing) throw new ValidationError({ publishAt: timing });
  const content = deps.storyHtml.sanitize(input.content);
  if (deps.storyHtml.isEmpty(content)) throw new ValidationError({ content: messages.contentRequired });
  // The cleaned text is what is stored, in the story's row and in its revision's (the slug, at most
  // 255, fits in the room the limit keeps for the other columns).
  const { title, description, featuredImageUrl, featuredImageAlt, featuredImageCaption, featuredImageCredit, videoUrl } = input;
  // The story's row also holds the body as plain text for search (its revision does not).
  const fields = { title, description, content, featuredImageUrl, featuredImageAlt, featuredImageCaption, featuredImageCredit, videoUrl };
  const overflow = storyTextOverflow(fields, undefined, utf8Length(storyText(content)));
  if (overflow) {
    const message = storyTooLongMessage(overflow);
    throw new PayloadTooLargeError(message, { [overflow.field]: message });
  }
  if (input.beatId !== null && !(await deps.beats.findById(input.beatId))) {
    throw new ValidationError({ beatId: messages.beatIdInvalid });
  }
  return {
    ...nextWorkflowFields(current, input.status, publishAt, now),
    title: input.title,
    description: input.description,
    content,
    beatId: input.beatId,
    status: input.status,
    isFeatured: input.isFeatured,
    featuredImageUrl: input.featuredImageUrl,
    featuredImageAlt: input.featuredImageAlt,
    featuredImageCaption: input.featuredImageCaption,
    featuredImageCredit: input.featuredImageCredit,
    videoUrl: input.videoUrl,
    publishedAt: nextPublishedAt(current?.publishedAt ?? null, input.status, now),
    access,
  };
}

/** A new story's format, and for a live blog its coverage, live from the start (docs/product/api-liveblogs.md). */
function formatFields(format: StoryFormat): Pick<StoryWrite, 'format' | 'coverage'> {
  return { format, coverage: format === 'liveblog' ? 'live' : null };
}

/** POST /api/stories: the caller is its author (and so may send it straight to review). */
export async function createStory(deps: StorySaveDeps, author: User, input: StorySaveInput): Promise<Story> {
  const now = deps.clock.now();
  const write = { ...(await prepareStoryWrite(deps, input, null, now)), ...formatFields(input.format) };
  const audit = storySaveAudit(author.id, write, null, write.status);
  return saveWithSlug(deps, input.slug, input.title, undefined, (slug) =>
    deps.stories.create({ ...write, slug, authorId: author.id }, now, audit),
  );
}

/** The story a caller may change: 404 when they may not see it, 403 when they may see but not change it. */
export function editableOrThrow(user: User | null, story: Story | null): Story {
  if (!story || !policy.canViewStory(user, story)) throw new NotFoundError('Story');
  if (!policy.canEditStory(user, story)) throw new ForbiddenError('Only the story’s author or an admin can change it');
  return story;
}

export function staleVersion(current: Story | null): ConflictError {
  const message = 'This story was changed by someone else since you opened it. Reload it to see their changes.';
  return new ConflictError('stale_version', message, undefined, { current });
}

/**
 * PUT /api/stories/{id}: only with the version the editor read (else 409 stale_version and
 * nothing written); a save that changes the text, slug, status or video keeps a revision by this
 * editor, in the same atomic write.
 */
export async function updateStory(deps: StoryUpdateDeps, user: User, id: number, input: StoryUpdateInput): Promise<Story> {
  const current = editableOrThrow(user, await deps.stories.findById(id));
  if (input.format !== undefined && input.format !== current.format) throw new ValidationError({ format: messages.formatFixed });
  if (current.version !== input.version) throw staleVersion(current);
  // Live media is read by anyone who has the stream's address, live and afterwards (decision 107).
  if ((input.access ?? current.access) !== 'public' && (await deps.liveStreams.existsForStory(id)))
    throw new ConflictError('live_story_public', messages.liveStoryIsPublic, { access: messages.liveStoryIsPublic });
  if (input.status === 'in_review' && current.status !== 'in_review' && !policy.canSubmitForReview(user, current)) {
    throw new ForbiddenError('Only the story’s author can submit it for review');
  }
  const now = deps.clock.now();
  const write = await prepareStoryWrite(deps, input, current, now);
  const outcome = await saveWithSlug(deps, input.slug, input.title, id, (slug) => {
    const next = { ...write, slug };
    const audit = storySaveAudit(user.id, next, current.status, next.status);
    return deps.stories.update(id, input.version, next, now, changesRevision(current, next) ? user.id : null, audit);
  });
  if (outcome.kind === 'not_found') throw new NotFoundError('Story');
  if (outcome.kind === 'stale') throw staleVersion(await deps.stories.findById(id));
  return outcome.story;
}

/**
 * A typed slug that is taken is a 409; a blank one is generated from the title and, when taken,
 * gets -2, -3, ... (retrying if another save takes the same one first).
 */
export async function saveWithSlug<T>(
  deps: { stories: Pick<StoryRepository, 'slugsLike'> },
  typedSlug: string,
  title: string,
  excludeId: number | undefined,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  if (typedSlug !== '') return save(typedSlug);
  const base = slugify(title);
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await deps.stories.slugsLike(base || 'story', excludeId));
    try {
      return await save(slug);
    } catch (error) {
      const lostRace = error instanceof ConflictError && error.code === 'slug_taken';
      if (!lostRace || attempt >= GENERATED_SLUG_ATTEMPTS) throw error;
    }
  }
}
