import {
  keyEventLinks,
  liveBlogSection,
  olderHref,
  updateId,
  type LiveBlogSectionView,
  LIVE_BLOG_ID,
} from '../../../contract/live-blog-markup.ts';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import {
  coverageStartTime,
  updateHeadline,
  updateText,
  updateTime,
  updateView,
  UPDATES_PAGE_DEFAULT,
  UPDATES_PAGE_MAX,
} from '../../../domain/live-blog/live-blog.ts';
import { storyPath } from '../../../domain/site/site.ts';
import type { LiveBlogPage } from '../../../domain/live-blog/ports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { rssDocument, xml } from './feeds.ts';
import type { PageHead } from './page-head.ts';
import { authorName } from '../../../domain/story/byline.ts';

/**
 * A live blog's part of the reader's page, its JSON-LD and its own feed (docs/product/screens.md,
 * "Live blog"; docs/product/api-liveblogs.md). The page holds the newest updates (or, with
 * `?before=`, an older page: the "Older updates" link works without JavaScript), the pinned update
 * and the key events; the island (src/web/site/live-blog/) keeps it live from there.
 */

export interface LiveBlogPageData {
  page: LiveBlogPage;
  pinned: LiveBlogUpdate | null;
  keyEvents: LiveBlogUpdate[];
  /** The update id an older page starts before; null for the newest. */
  before: number | null;
}

/** An older page's `?before=` (an update id), or null. */
export function beforeParam(value: string | undefined): number | null {
  return value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

export async function loadLiveBlogPage(deps: Pick<AppDeps, 'liveBlogs'>, story: Story, before: number | null): Promise<LiveBlogPageData> {
  const [page, pinned, keyEvents] = await Promise.all([
    deps.liveBlogs.page(story.id, { before: before ?? undefined, limit: UPDATES_PAGE_DEFAULT }),
    deps.liveBlogs.page(story.id, { pinned: true, limit: 1 }),
    deps.liveBlogs.page(story.id, { keyEvent: true, limit: UPDATES_PAGE_MAX }),
  ]);
  return { page, pinned: pinned.updates[0] ?? null, keyEvents: keyEvents.updates, before };
}

/** The section, times in UTC (and marked so) until the island writes them in the reader's zone. */
export function liveBlogView(story: Story, data: LiveBlogPageData, now: string, attributes = ''): string {
  const path = storyPath(story);
  const view = (update: LiveBlogUpdate) => updateView(update, updateTime(update.createdAt, now, 'UTC'));
  const updates = data.page.updates.map(view);
  const section: LiveBlogSectionView = {
    storyId: story.id,
    path,
    coverage: story.coverage ?? 'live',
    cursor: String(data.page.cursor),
    updates,
    pinned: data.pinned && view(data.pinned),
    keyEvents: keyEventLinks(data.keyEvents.map(view), updates, path),
    olderHref: olderHref(updates, data.page.more, path),
    latestHref: data.before === null ? null : `${path}#${LIVE_BLOG_ID}`,
    attributes,
  };
  return liveBlogSection(section);
}

/** The newest change of the live blog: its own updatedAt, or a later update's. */
function lastModified(story: Story, updates: readonly LiveBlogUpdate[]): string {
  return updates.reduce((latest, update) => (update.updatedAt > latest ? update.updatedAt : latest), story.updatedAt);
}

/** An update's first words, within search engines' headline limit (110 characters, as for the article). */
const updateHeadlineText = (update: LiveBlogUpdate) => updateHeadline(updateText(update.body));

/**
 * The story's head with its JSON-LD as a LiveBlogPosting (schema.org; Google's article rules):
 * coverageStartTime, coverageEndTime once ended, and the page's updates as liveBlogUpdate
 * BlogPostings with their own headline, text, time, author and address.
 */
export function liveBlogHead(story: Story, head: PageHead, updates: readonly LiveBlogUpdate[]): PageHead {
  const [article, ...others] = head.jsonLd as Record<string, unknown>[];
  const canonical = head.canonical!;
  const posting = {
    ...article,
    '@type': 'LiveBlogPosting',
    dateModified: lastModified(story, updates),
    // Updates posted while it was a draft belong to the coverage too: it started no later than the first of them.
    coverageStartTime: updates.reduce((start, update) => (update.createdAt < start ? update.createdAt : start), coverageStartTime(story)),
    ...(story.coverage === 'ended' && story.coverageEndedAt ? { coverageEndTime: story.coverageEndedAt } : {}),
    liveBlogUpdate: updates.map((update) => ({
      '@type': 'BlogPosting',
      headline: updateHeadlineText(update),
      articleBody: updateText(update.body),
      datePublished: update.createdAt,
      dateModified: update.updatedAt,
      author: [{ '@type': 'Person', name: authorName(update.author) }],
      url: `${canonical}#${updateId(update.id)}`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      ...(article?.image ? { image: article.image } : {}),
      ...(article?.publisher ? { publisher: article.publisher } : {}),
    })),
  };
  return { ...head, jsonLd: [posting, ...others] };
}

/** /story/{slug}/rss.xml: the live blog's own feed, newest update first. */
export function liveBlogRss(story: Story, updates: readonly LiveBlogUpdate[], origin: string): string {
  const link = `${origin}${storyPath(story)}`;
  const items = updates.map((update) => {
    const url = `${link}#${updateId(update.id)}`;
    return [
      '    <item>',
      `      <title>${xml(updateHeadlineText(update))}</title>`,
      `      <link>${xml(url)}</link>`,
      `      <guid isPermaLink="true">${xml(url)}</guid>`,
      `      <description>${xml(updateText(update.body))}</description>`,
      `      <content:encoded>${xml(update.body)}</content:encoded>`,
      `      <pubDate>${new Date(update.createdAt).toUTCString()}</pubDate>`,
      `      <atom:updated>${xml(update.updatedAt)}</atom:updated>`,
      `      <dc:creator>${xml(authorName(update.author))}</dc:creator>`,
      update.keyEvent ? '      <category>Key event</category>' : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return rssDocument(
    { title: story.title, link, description: story.description, self: `${link}/rss.xml` },
    items,
    [story.updatedAt, ...updates.map((update) => update.updatedAt)].reduce((a, b) => (b > a ? b : a)),
    ' xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  );
}
