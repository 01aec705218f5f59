import type { LiveBlogFeed } from '../../domain/live-blog/answers.ts';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../domain/errors.ts';
import { isLiveBlog, UPDATE_HTML_MAX, UPDATE_TEXT_MAX, updateText } from '../../domain/live-blog/live-blog.ts';
import { type Coverage } from '../../domain/story/story.ts';
import { messages } from '../../domain/messages.ts';
import { policy } from '../../domain/permissions.ts';
import type { Clock } from '../../domain/time.ts';
import type { LiveBlogRepository, StoredLiveBlogUpdate } from '../../domain/live-blog/ports.ts';
import type { StoryHtmlSanitizer, StoryRepository } from '../../domain/story/ports.ts';
import type { LiveBlogFeedQuery, LiveBlogUpdateEdit, LiveBlogUpdateInput } from '../../domain/live-blog/schemas.ts';
import { editableOrThrow } from '../story/story-save.ts';

/**
 * A live blog's updates and coverage (docs/product/api-liveblogs.md). Who may do what:
 * - read the feed: anyone, of a published live blog; its author and admins also of a draft,
 *   scheduled or in-review one (as for the story itself); anyone else gets 404;
 * - post: any reporter or admin who may see the live blog, while its coverage is live (else 409);
 * - edit or delete an update: its author or an admin; another reporter who may see the live blog
 *   gets 403, one who may not gets 404 (the project's rule: editableOrThrow);
 * - end or reopen coverage: the story's author or an admin (403 / 404 likewise).
 */
export interface LiveBlogDeps {
  stories: StoryRepository;
  liveBlogs: LiveBlogRepository;
  storyHtml: StoryHtmlSanitizer;
  clock: Clock;
}

/** The live blog the caller may see, or 404 (a story that is no live blog has no feed). */
export async function visibleLiveBlog(deps: Pick<LiveBlogDeps, 'stories'>, user: User | null, storyId: number): Promise<Story> {
  const story = await deps.stories.findById(storyId);
  if (!story || !policy.canViewStory(user, story) || !isLiveBlog(story)) throw new NotFoundError('Live blog');
  return story;
}

/** The feed page GET /api/stories/{id}/updates answers, for a live blog already checked. */
export async function feedOf(deps: Pick<LiveBlogDeps, 'liveBlogs'>, story: Story, query: LiveBlogFeedQuery): Promise<LiveBlogFeed> {
  const coverage = story.coverage ?? 'live';
  if (query.after !== undefined) {
    const changes = await deps.liveBlogs.changes(story.id, query.after, query.limit);
    return { updates: changes.updates, deleted: changes.deleted, cursor: String(changes.cursor), more: changes.more, coverage };
  }
  const page = await deps.liveBlogs.page(story.id, {
    before: query.before,
    limit: query.limit,
    keyEvent: query.keyEvent,
    pinned: query.pinned,
  });
  return { updates: page.updates, cursor: String(page.cursor), more: page.more, coverage };
}

export async function readFeed(
  deps: Pick<LiveBlogDeps, 'stories' | 'liveBlogs'>,
  user: User | null,
  storyId: number,
  query: LiveBlogFeedQuery,
): Promise<LiveBlogFeed> {
  return feedOf(deps, await visibleLiveBlog(deps, user, storyId), query);
}

/** An update's body as it is stored: sanitised like story content, with 1 to UPDATE_TEXT_MAX characters of text. */
function cleanBody(deps: Pick<LiveBlogDeps, 'storyHtml'>, html: string): string {
  const body = deps.storyHtml.sanitize(html);
  const length = [...updateText(body)].length;
  if (length === 0) throw new ValidationError({ body: messages.updateBodyRequired });
  if (length > UPDATE_TEXT_MAX) throw new ValidationError({ body: messages.updateTooLong });
  if (body.length > UPDATE_HTML_MAX)
    throw new PayloadTooLargeError('The update is too large', { body: 'The update holds too much formatting; split it in two' });
  return body;
}

function coverageEnded(): ConflictError {
  return new ConflictError('coverage_ended', 'Coverage of this live blog has ended: reopen it to post again');
}

/** A write's outcome: the update, and the live blog it belongs to (whose cached reads it changed). */
export interface UpdateWritten {
  story: Story;
  update: LiveBlogUpdate;
}

/** POST /api/stories/{id}/updates: the route has already refused anyone who is not a reporter or admin. */
export async function postUpdate(deps: LiveBlogDeps, user: User, storyId: number, input: LiveBlogUpdateInput): Promise<UpdateWritten> {
  const story = await visibleLiveBlog(deps, user, storyId);
  if (story.coverage !== 'live') throw coverageEnded();
  const body = cleanBody(deps, input.body);
  const update = await deps.liveBlogs.create(story.id, user.id, { body, keyEvent: input.keyEvent, pinned: input.pinned }, deps.clock.now());
  if (update) return { story, update };
  // Coverage ended (or the story went) between the check and the write: nothing was written.
  await visibleLiveBlog(deps, user, storyId);
  throw coverageEnded();
}

/** The update the caller may change: 404 when they may not see it, 403 when it is another reporter's. */
async function changeableUpdate(
  deps: LiveBlogDeps,
  user: User,
  storyId: number,
  updateId: number,
): Promise<{ story: Story; current: StoredLiveBlogUpdate }> {
  const story = await visibleLiveBlog(deps, user, storyId);
  const current = await deps.liveBlogs.findById(storyId, updateId);
  if (!current) throw new NotFoundError('Update');
  if (!(policy.isAdmin(user) || (policy.isReporter(user) && current.authorId === user.id))) {
    throw new ForbiddenError('Only the update’s author or an admin can change it');
  }
  return { story, current };
}

export function staleUpdate(current: LiveBlogUpdate | null): ConflictError {
  const message = 'Someone else changed this update since you opened it. Their version is shown now; make your change again on it.';
  return new ConflictError('stale_version', message, undefined, { current });
}

export async function editUpdate(
  deps: LiveBlogDeps,
  user: User,
  storyId: number,
  updateId: number,
  input: LiveBlogUpdateEdit,
): Promise<UpdateWritten> {
  const { story, current } = await changeableUpdate(deps, user, storyId, updateId);
  if (current.version !== input.version) throw staleUpdate(withoutAuthor(current));
  const body = input.body === undefined ? undefined : cleanBody(deps, input.body);
  const outcome = await deps.liveBlogs.edit(
    storyId,
    updateId,
    input.version,
    { body, keyEvent: input.keyEvent, pinned: input.pinned },
    deps.clock.now(),
  );
  if (outcome.kind === 'edited') return { story, update: outcome.update };
  if (outcome.kind === 'not_found') throw new NotFoundError('Update');
  const latest = await deps.liveBlogs.findById(storyId, updateId);
  throw staleUpdate(latest && withoutAuthor(latest));
}

function withoutAuthor(update: StoredLiveBlogUpdate): LiveBlogUpdate {
  const { authorId: _authorId, ...shown } = update;
  return shown;
}

/** The live blog the update was deleted from. */
export async function deleteUpdate(deps: LiveBlogDeps, user: User, storyId: number, updateId: number): Promise<Story> {
  const { story } = await changeableUpdate(deps, user, storyId, updateId);
  if (!(await deps.liveBlogs.delete(storyId, updateId, deps.clock.now()))) throw new NotFoundError('Update');
  return story;
}

/** POST /api/stories/{id}/coverage: end the live blog's coverage, or reopen it. */
export async function setCoverage(deps: LiveBlogDeps, user: User, storyId: number, coverage: Coverage): Promise<Story> {
  const story = editableOrThrow(user, await deps.stories.findById(storyId));
  if (!isLiveBlog(story)) throw new ConflictError('not_liveblog', 'Only a live blog has coverage to end or reopen');
  if (!(await deps.liveBlogs.setCoverage(storyId, coverage, deps.clock.now()))) throw new NotFoundError('Story');
  return (await deps.stories.findById(storyId))!;
}

/**
 * POST /api/streams/start with a storyId: the newsroom's own live video at the top of a live blog.
 * Its author or an admin, on a published live blog whose coverage is live and that is not on air
 * already; the stream's end keeps the recording as the story's video (as for any stream).
 */
export async function startLiveBlogVideo(
  deps: { stories: Pick<StoryRepository, 'findById'>; liveBlogs: Pick<LiveBlogRepository, 'setVideoLive'> },
  user: User,
  storyId: number,
): Promise<Story> {
  const story = editableOrThrow(user, await deps.stories.findById(storyId));
  if (!isLiveBlog(story)) throw new ConflictError('not_liveblog', 'Only a live blog can carry a live stream of its own');
  if (story.status !== 'published') throw new ConflictError('not_published', 'Publish the live blog before going live on it');
  if (story.coverage !== 'live') throw coverageEnded();
  if (!(await deps.liveBlogs.setVideoLive(storyId, true))) throw new ConflictError('already_live', 'This live blog is on air already');
  return { ...story, isLive: true };
}
