/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { AllStoriesRead } from '../../services/reader-pages/list-pages.ts';
import { viewsLabel } from '../../domain/formatting.ts';
import { videoSource } from '../../domain/media/video-source.ts';
import { LIST_PAGE_SIZE, site, storyPath } from '../../domain/site/site.ts';
import type { Story } from '../../domain/story/entities.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { privateHead, type PageHead } from '../frame/page-head.ts';
import { LiveBadge } from '../live-blog/live-blog-markup.tsx';
import { pageCount } from '../lists/page-links.tsx';
import { StoryList } from '../lists/story-list.tsx';
import { Icon } from '../stories/icon.tsx';
import { ShareButton } from '../stories/share-button.tsx';
import { Dot, FullDate } from '../stories/story-meta.tsx';
import { StoryPicture } from '../stories/story-picture.tsx';

/** The list's anchor: the breaking-news block's "View All Stories" and the page links land on it. */
const LIST_ID = 'all-stories';

export const allStoriesHref = (page: number, beat?: string) => {
  const query = new URLSearchParams({ ...(beat ? { beat } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return `/beta${query ? `?${query}` : ''}`;
};

function heading({ beat }: AllStoriesRead): string {
  return beat ? (beat.found?.name ?? 'Section not found') : 'All Stories';
}

/** /beta is a list only a link from the home page reaches: not for search engines. */
export function allStoriesHead(data: AllStoriesRead): PageHead {
  const title = data.page > 1 ? `${heading(data)}, page ${data.page}` : heading(data);
  return privateHead(title, `Every story ${site.name} has published, newest first.`);
}

/**
 * docs/product/screens.md's breaking-news block: BREAKING NEWS badge, a LIVE badge over the video
 * area, title, description, date and views; the video area and Read Full Story open the story;
 * Share; View All Stories; Watch on YouTube (new tab) when the video is on YouTube.
 */
function BreakingNews({ story }: { story: Story }) {
  const source = videoSource(story.videoUrl);
  const href = storyPath(story);
  return (
    <section class="breaking" aria-labelledby="breaking-title">
      <div class="breaking-inner">
        <a class="breaking-media" href={href} aria-label={`LIVE: open the story, ${story.title}`}>
          <StoryPicture story={story} slot="featured" class="story-image" priority decorative />
          <LiveBadge />
          {story.videoUrl ? (
            <span class="play-overlay" aria-hidden="true">
              <Icon name="play" size={32} />
            </span>
          ) : null}
        </a>
        <div class="breaking-text">
          <span class="badge badge-breaking">BREAKING NEWS</span>
          <h1 id="breaking-title" class="breaking-title">
            {story.title}
          </h1>
          <p class="breaking-description">{story.description}</p>
          <p class="story-meta">
            <FullDate iso={story.publishedAt ?? story.createdAt} />
            <Dot />
            <span>{viewsLabel(story.views)}</span>
          </p>
          <div class="button-row">
            <a href={href} class="button button-primary">
              Read Full Story
            </a>
            <ShareButton story={story} label="Share" class="button button-secondary" />
            <a href={`#${LIST_ID}`} class="button button-secondary">
              View All Stories
            </a>
            {source?.kind === 'youtube' ? (
              <a href={source.watchUrl} target="_blank" rel="noopener noreferrer" class="button button-secondary">
                <Icon name="external" />
                Watch on YouTube<span class="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}

/** /beta (docs/product/screens.md, "Full story list"): the breaking-news block, then every published story, page by page. */
export function AllStoriesPage({ data, context }: { data: AllStoriesRead; context: FrameContext }) {
  const { page, beat } = data;
  const Heading = data.featured ? 'h2' : 'h1';
  const first = (page - 1) * LIST_PAGE_SIZE + 1;
  return (
    <PageFrame context={context}>
      {data.featured ? <BreakingNews story={data.featured} /> : null}
      <div class="page">
        <section aria-labelledby={LIST_ID}>
          <div class="section-head">
            <Heading id={LIST_ID} class="section-title" tabindex="-1">
              {heading(data)}
            </Heading>
            {beat ? (
              <a href="/beta" class="section-link">
                All stories <span aria-hidden="true">→</span>
              </a>
            ) : null}
          </div>
          {beat && !beat.found ? (
            <p class="empty">There is no “{beat.slug.replace(/-/g, ' ')}” section yet. Every published story is under All stories.</p>
          ) : (
            <>
              {data.stories.length > 0 ? (
                <p class="list-summary" aria-live="polite">
                  Showing {first}–{first + data.stories.length - 1} of {data.total} stories
                </p>
              ) : null}
              <StoryList
                stories={data.stories}
                page={page}
                pages={pageCount(data.total)}
                href={(n) => `${allStoriesHref(n, beat?.slug)}#${LIST_ID}`}
                empty="No stories have been published here yet."
                ends
              />
            </>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
