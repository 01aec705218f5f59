import { isLiveBlog } from '../../domain/live-blog/live-blog.ts';
import type { LiveBlogRepository } from '../../domain/live-blog/ports.ts';
import { storyForReader } from '../../domain/members/reading.ts';
import { visibleOr404 } from '../../domain/permissions.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';
import { isPubliclyVisible } from '../../domain/story/story.ts';
import type { CaptionTrackRepository } from '../../domain/captions/ports.ts';
import { readableTracks } from '../captions/caption-tracks.ts';
import type { StoryPageRead } from './story-page.ts';
import { liveBlogPage } from './story-page.ts';
import { relatedTo } from './published-stories.ts';

export interface StoryPreviewDeps {
  stories: StoryRepository;
  liveBlogs: LiveBlogRepository;
  captions: CaptionTrackRepository;
  clock: Clock;
}

/** What the staff preview shows: the story page's article as a reader with access would read it, whatever the story's status. */
export type StoryPreviewRead = Omit<StoryPageRead, 'beats' | 'xHandle' | 'authorXHandle'>;

/**
 * A story as its page will show it, for the staff who may see it (its author, an editor, an admin):
 * a draft, a story in review, the page a save lands on, the review desk's reading (decision 120: the
 * preview is the reader's component, rendered by the worker). Whole, as a paying member reads it;
 * with its related stories once it is published; 404 for anyone who may not see it.
 */
export async function storyPreview(deps: StoryPreviewDeps, actor: User | null, id: number): Promise<StoryPreviewRead> {
  const story = visibleOr404(actor, await deps.stories.findById(id));
  const [related, liveBlog, captions] = await Promise.all([
    isPubliclyVisible(story) ? relatedTo(deps.stories, story) : [],
    isLiveBlog(story) ? liveBlogPage(deps.liveBlogs, story, null) : null,
    readableTracks(deps, story, 'paid'),
  ]);
  return {
    story,
    read: storyForReader(story, 'paid'),
    level: 'paid',
    captions,
    related,
    liveBlog,
    replies: [],
    newsletter: null,
    askForSupport: false,
    now: deps.clock.now(),
  };
}
