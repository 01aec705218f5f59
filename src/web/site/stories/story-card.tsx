import type { Story } from '../../../domain/story/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { viewsLabel } from '../../../domain/formatting.ts';
import { StoryImage } from './story-image.tsx';
import { isCoverageLive } from '../../../domain/live-blog/live-blog.ts';

/** Over a live blog's picture while its coverage is live (the worker's reading view writes the same). */
export function LiveBadge() {
  return (
    <span className="badge badge-live">
      <span className="live-dot" aria-hidden="true" />
      LIVE
    </span>
  );
}

/** docs/product/screens.md's card: image, Featured badge, beat, title, description, author, views, "Read Story". */
export function StoryCard({ story }: { story: Story }) {
  const titleId = `story-card-${story.id}`;
  // A story is the worker's page (decision 076): a plain link, a full load of its cached page.
  const href = storyPath(story);
  return (
    <article className="story-card" aria-labelledby={titleId}>
      <a href={href} className="story-card-media" tabIndex={-1} aria-hidden="true">
        <StoryImage story={story} slot="card" />
        {story.isFeatured ? <span className="badge badge-accent badge-on-media">Featured</span> : null}
        {isCoverageLive(story) ? <LiveBadge /> : null}
      </a>
      <div className="story-card-body">
        {story.beat ? <p className="kicker">{story.beat.name}</p> : null}
        <h3 id={titleId} className="story-card-title">
          <a href={href}>{story.title}</a>
        </h3>
        <p className="story-card-description">{story.description}</p>
        <p className="story-meta">
          <span>By {authorName(story.author)}</span>
          <span aria-hidden="true"> · </span>
          <span>{viewsLabel(story.views)}</span>
        </p>
        <a href={href} className="read-link" aria-describedby={titleId}>
          Read Story <span aria-hidden="true">→</span>
        </a>
      </div>
    </article>
  );
}
