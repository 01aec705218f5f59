import { Link } from '@tanstack/react-router';
import type { Story } from '../../../domain/story/entities.ts';
import { viewsLabel } from '../../../domain/formatting.ts';
import { relativeTime } from '../../../domain/relative-time.ts';
import { ReadAndShare } from '../stories/read-and-share.tsx';
import { StoryVideo } from '../stories/story-video.tsx';
import { authorName } from '../../../domain/story/byline.ts';
import { StoryImage } from '../stories/story-image.tsx';

/** docs/product/screens.md: the home page's "Featured Story": video, beat, title, description, author, time, views, read and share. */
export function FeaturedStory({ story }: { story: Story }) {
  const slug = story.slug || String(story.id);
  return (
    <section className="featured" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="section-title">
        Featured Story
      </h2>
      <div className="featured-grid">
        <div className="featured-media">
          {story.videoUrl ? (
            <StoryVideo url={story.videoUrl} title={story.title} poster={story.featuredImageUrl} slot="featured" priority />
          ) : (
            <StoryImage story={story} slot="featured" priority />
          )}
        </div>
        <div className="featured-text">
          {story.beat ? <span className="badge badge-accent">{story.beat.name}</span> : null}
          <h3 className="featured-title">
            <Link to="/story/$slug" params={{ slug }}>
              {story.title}
            </Link>
          </h3>
          <p className="featured-description">{story.description}</p>
          <p className="story-meta">
            <span>By {authorName(story.author)}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={story.publishedAt ?? story.createdAt}>{relativeTime(story.publishedAt ?? story.createdAt, new Date())}</time>
            <span aria-hidden="true"> · </span>
            <span>{viewsLabel(story.views)}</span>
          </p>
          <ReadAndShare story={story} />
        </div>
      </div>
    </section>
  );
}
