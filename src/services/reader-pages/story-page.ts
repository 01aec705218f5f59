import type { PublicReply } from '../../domain/federation/moderation.ts';
import type { ReplyRepository } from '../../domain/federation/ports.ts';
import type { LiveBlogPageData } from '../../domain/live-blog/entities.ts';
import { isLiveBlog, UPDATES_PAGE_DEFAULT, UPDATES_PAGE_MAX } from '../../domain/live-blog/live-blog.ts';
import type { LiveBlogRepository } from '../../domain/live-blog/ports.ts';
import type { ReaderLevel } from '../../domain/members/access.ts';
import { storyForReader } from '../../domain/members/reading.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { beatNewsletter, newsroomNewsletter } from '../../domain/newsletters/rules.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { CaptionTrack } from '../../domain/captions/entities.ts';
import type { CaptionTrackRepository } from '../../domain/captions/ports.ts';
import { readableTracks } from '../captions/caption-tracks.ts';
import { frameRead, siteHandle, type FrameDeps, type FrameRead } from './page-frame.ts';
import { publicStory, relatedTo } from './published-stories.ts';

/** Approved replies shown under a story: the first this many. */
const STORY_REPLIES = 50;

export interface StoryPageDeps extends FrameDeps {
  stories: StoryRepository;
  users: UserRepository;
  settings: SettingsRepository;
  newsletters: NewsletterRepository;
  liveBlogs: LiveBlogRepository;
  replies: ReplyRepository;
  captions: CaptionTrackRepository;
  /** Whether payments are set up: then the story ends with the gift ask (decision 094). */
  paymentsReady: boolean;
}

/** Everything /story/{slug} shows (docs/product/screens.md, "Story page"). */
export interface StoryPageRead extends FrameRead {
  /** The story as stored. */
  story: Story;
  /** The same story as this reader may have it (decision 090): cut to its opening for a reader without access. */
  read: Story & { gated: boolean };
  level: ReaderLevel;
  /** Its video's caption tracks this reader may see (decision 129: a gated story's follow its text). */
  captions: CaptionTrack[];
  /** Three more from its beat. */
  related: Story[];
  liveBlog: LiveBlogPageData | null;
  replies: PublicReply[];
  /** Its beat's newsletter, else the newsroom's. */
  newsletter: Newsletter | null;
  askForSupport: boolean;
  /** The site's handle on X and the author's (twitter:site, twitter:creator). */
  xHandle: string | null;
  authorXHandle: string | null;
}

/** A live blog's page: the newest updates, or those before `before` (an older page), with the pinned one and the key events. */
export async function liveBlogPage(liveBlogs: LiveBlogRepository, story: Story, before: number | null): Promise<LiveBlogPageData> {
  const [page, pinned, keyEvents] = await Promise.all([
    liveBlogs.page(story.id, { before: before ?? undefined, limit: UPDATES_PAGE_DEFAULT }),
    liveBlogs.page(story.id, { pinned: true, limit: 1 }),
    liveBlogs.page(story.id, { keyEvent: true, limit: UPDATES_PAGE_MAX }),
  ]);
  return { page, pinned: pinned.updates[0] ?? null, keyEvents: keyEvents.updates, before };
}

/**
 * A story's page, for a reader at `level` (asked only once the story is known: a gated story's page
 * is cut for a reader without access), or `null` with the frame when the public may not see it
 * (a draft its author is previewing, or nothing). `before`: a live blog's older page.
 */
export async function storyPage(
  deps: StoryPageDeps,
  request: { segment: string; before: number | null; level: () => Promise<ReaderLevel> },
): Promise<StoryPageRead | (FrameRead & { story: null })> {
  const [story, frame] = await Promise.all([publicStory(deps.stories, request.segment), frameRead(deps)]);
  if (!story) return { ...frame, story: null };
  const [related, xHandle, author, liveBlog, replies, newsletters, level] = await Promise.all([
    relatedTo(deps.stories, story),
    siteHandle(deps.settings),
    deps.users.findById(story.authorId),
    isLiveBlog(story) ? liveBlogPage(deps.liveBlogs, story, request.before) : null,
    deps.replies.approved(story.id, STORY_REPLIES),
    deps.newsletters.list(),
    request.level(),
  ]);
  const captions = await readableTracks(deps, story, level);
  return {
    ...frame,
    story,
    read: storyForReader(story, level),
    level,
    captions,
    related,
    liveBlog,
    replies,
    newsletter: beatNewsletter(newsletters, story.beat?.id) ?? newsroomNewsletter(newsletters),
    askForSupport: deps.paymentsReady,
    xHandle,
    authorXHandle: author?.xHandle ?? null,
  };
}
