/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { isCoverageLive } from '../../domain/live-blog/live-blog.ts';
import { viewsLabel } from '../../domain/formatting.ts';
import { storyPath } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import type { Story } from '../../domain/story/entities.ts';
import { LiveBadge } from '../live-blog/live-blog-markup.tsx';
import { Dot } from './story-meta.tsx';
import { StoryPicture } from './story-picture.tsx';

/** A story in a grid (docs/product/screens.md's card): picture, badges, beat, headline, description, byline, views, Read Story. */
export function StoryCard({ story }: { story: Story }) {
  const href = storyPath(story);
  const titleId = `story-card-${story.id}`;
  return (
    <li>
      <article class="story-card" aria-labelledby={titleId}>
        <a class="story-card-media" href={href} tabindex="-1" aria-hidden="true">
          <StoryPicture story={story} slot="card" class="story-image" priority={false} />
          {story.isFeatured ? <span class="badge badge-accent badge-on-media">Featured</span> : null}
          {isCoverageLive(story) ? <LiveBadge /> : null}
        </a>
        <div class="story-card-body">
          {story.beat ? <p class="kicker">{story.beat.name}</p> : null}
          <h3 id={titleId} class="story-card-title">
            <a href={href}>{story.title}</a>
          </h3>
          <p class="story-card-description">{story.description}</p>
          <p class="story-meta">
            <span>By {authorName(story.author)}</span>
            <Dot />
            <span>{viewsLabel(story.views)}</span>
          </p>
          <a class="read-link" href={href} aria-describedby={titleId}>
            Read Story <span aria-hidden="true">→</span>
          </a>
        </div>
      </article>
    </li>
  );
}

/** Stories as a grid of cards. */
export function StoryGrid({ stories }: { stories: readonly Story[] }) {
  return (
    <ul class="story-grid">
      {stories.map((story) => (
        <StoryCard story={story} />
      ))}
    </ul>
  );
}
