/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { LIVE_BLOG_ID } from '../../contract/live-blog.ts';
import type { LiveBlogPageData, LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import { updateTime, updateView } from '../../domain/live-blog/live-blog.ts';
import { storyPath } from '../../domain/site/site.ts';
import { isPubliclyVisible } from '../../domain/story/story.ts';
import type { Story } from '../../domain/story/entities.ts';
import { keyEventLinks, LiveBlogSection, olderHref } from './live-blog-markup.tsx';

/**
 * A live blog's part of its story page (docs/product/screens.md, "Live blog"): the newest updates
 * (or, with `?before=`, an older page: "Older updates" works without JavaScript), the pinned update
 * and the key events, times in UTC (and marked so) until the island writes them in the reader's zone.
 */
export function LiveBlogPart({ story, data, now }: { story: Story; data: LiveBlogPageData; now: string }) {
  const path = storyPath(story);
  const view = (update: LiveBlogUpdate) => updateView(update, updateTime(update.createdAt, now, 'UTC'));
  const updates = data.page.updates.map(view);
  return (
    <LiveBlogSection
      view={{
        storyId: story.id,
        path,
        coverage: story.coverage ?? 'live',
        cursor: String(data.page.cursor),
        updates,
        pinned: data.pinned && view(data.pinned),
        keyEvents: keyEventLinks(data.keyEvents.map(view), updates, path),
        olderHref: olderHref(updates, data.page.more, path),
        latestHref: data.before === null ? null : `${path}#${LIVE_BLOG_ID}`,
        published: isPubliclyVisible(story),
      }}
    />
  );
}
