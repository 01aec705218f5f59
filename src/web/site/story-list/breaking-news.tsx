import type { Story } from '../../../domain/story/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { Icon } from '../../ui/icons.tsx';
import { viewsLabel } from '../../../domain/formatting.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { ReadAndShare } from '../stories/read-and-share.tsx';
import { videoSource } from '../../../domain/media/video-source.ts';
import { StoryImage } from '../stories/story-image.tsx';
import { LiveBadge } from '../stories/story-card.tsx';

/**
 * docs/product/screens.md's breaking-news block: BREAKING NEWS badge, a LIVE badge over the video
 * area, title, description, created date and views; the video area and Read Full Story open the
 * story; Share; View All Stories; Watch on YouTube (new tab) when the video is on YouTube.
 */
export function BreakingNews({ story }: { story: Story }) {
  const source = videoSource(story.videoUrl);
  // The story is the worker's page (decision 076): a full load.
  const openStory = () => window.location.assign(storyPath(story));
  return (
    <section className="breaking" aria-labelledby="breaking-title">
      <div className="breaking-inner">
        <button type="button" className="breaking-media" onClick={openStory} aria-label={`LIVE: open the story, ${story.title}`}>
          <StoryImage story={story} slot="featured" priority decorative />
          <LiveBadge />
          {story.videoUrl ? (
            <span className="play-overlay" aria-hidden="true">
              <Icon name="play" size={32} />
            </span>
          ) : null}
        </button>
        <div className="breaking-text">
          <span className="badge badge-breaking">BREAKING NEWS</span>
          <h1 id="breaking-title" className="breaking-title">
            {story.title}
          </h1>
          <p className="breaking-description">{story.description}</p>
          <p className="story-meta">
            <time dateTime={story.publishedAt ?? story.createdAt}>{formatFullDate(story.publishedAt ?? story.createdAt)}</time>
            <span aria-hidden="true"> · </span>
            <span>{viewsLabel(story.views)}</span>
          </p>
          <ReadAndShare story={story}>
            <a href="#all-stories" className="button button-secondary">
              View All Stories
            </a>
            {source?.kind === 'youtube' ? (
              <a href={source.watchUrl} target="_blank" rel="noopener noreferrer" className="button button-secondary">
                <Icon name="external" />
                Watch on YouTube<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </ReadAndShare>
        </div>
      </div>
    </section>
  );
}
