import type { Story } from '../../../domain/story/entities.ts';
import { policy } from '../../../domain/permissions.ts';
import { staffPaths } from '../../auth/staff-paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { viewsLabel } from '../../../domain/formatting.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { LiveStoryVideo } from '../../../reader/live/live-story-video.tsx';
import { ShareButton } from '../stories/share-button.tsx';
import { StoryVideo } from '../stories/story-video.tsx';
import { authorName } from '../../../domain/story/byline.ts';
import { StoryFigure } from '../stories/story-image.tsx';
import { relativeTime } from '../../../domain/relative-time.ts';
import { statusLabel } from '../../../domain/story/story.ts';
import { wasUpdatedAfterPublishing } from '../../../domain/story/working-day.ts';
import { StoryCorrections } from './story-corrections.tsx';
import { RelatedStories } from './related-stories.tsx';
import { authorPath, beatPath } from '../../../domain/site/site.ts';
import { isLiveBlog } from '../../../domain/live-blog/live-blog.ts';
import { LiveBlogSlot } from './live-blog-slot.tsx';

/**
 * docs/product/screens.md's story viewer as the app draws it, for staff only: a story the public may
 * not see, opened by its author or an admin (the preview), and the admin's review desk. Readers get
 * the worker's page (decision 076).
 */
export function StoryArticle({ story }: { story: Story }) {
  const { user } = useAuth();
  const canEdit = policy.canEditStory(user, story);
  return (
    <article className="article" aria-labelledby="story-title">
      <header className="article-header">
        <div className="article-toolbar">
          <ul className="badge-list" aria-label="About this story">
            {story.isFeatured ? <li className="badge badge-accent">Featured</li> : null}
            <li className={`badge badge-status badge-${story.status}`}>{statusLabel(story.status)}</li>
            {story.beat ? (
              <li>
                <HrefLink className="badge" href={beatPath(story.beat)}>
                  {story.beat.name}
                </HrefLink>
              </li>
            ) : null}
          </ul>
          <div className="button-row">
            <ShareButton story={story} className="button button-small button-secondary" />
            {canEdit ? (
              <HrefLink href={staffPaths.editStory(story.id)} className="button button-small button-secondary">
                <Icon name="edit" />
                Edit
              </HrefLink>
            ) : isLiveBlog(story) && policy.isReporter(user) ? (
              <HrefLink href={staffPaths.editStory(story.id)} className="button button-small button-secondary">
                Live desk
              </HrefLink>
            ) : null}
          </div>
        </div>
        {/* docs/product/screens.md puts the picture first; a story with a video leads with the video (its poster is the picture), a live one with the live player. */}
        {story.isLive ? (
          <div className="live-slot">
            <LiveStoryVideo story={story} />
          </div>
        ) : story.videoUrl ? (
          <StoryVideo url={story.videoUrl} title={story.title} poster={story.featuredImageUrl} priority />
        ) : story.featuredImageUrl ? (
          <StoryFigure story={story} />
        ) : null}
        <h1 id="story-title" className="article-title">
          {story.title}
        </h1>
        <p className="article-byline">
          <span>
            By{' '}
            <HrefLink className="article-author" href={authorPath(story.author)}>
              {authorName(story.author)}
            </HrefLink>
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={story.publishedAt ?? story.createdAt}>{formatFullDate(story.publishedAt ?? story.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          <span className="article-views" data-testid="story-views">
            {viewsLabel(story.views)}
          </span>
          {wasUpdatedAfterPublishing(story) ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="article-updated">
                Updated <time dateTime={story.updatedAt}>{relativeTime(story.updatedAt, new Date())}</time>
              </span>
            </>
          ) : null}
        </p>
        <p className="article-description">{story.description}</p>
      </header>
      {/* Sanitised on the server when saved (docs/product/api.md): only the elements and attributes of docs/product/rules.md#story-content. */}
      <div className="article-content" dangerouslySetInnerHTML={{ __html: story.content }} />
      {isLiveBlog(story) ? <LiveBlogSlot story={story} /> : null}
      <StoryCorrections story={story} />
      <footer className="article-footer">
        <section className="share-panel" aria-labelledby="share-heading">
          <h2 id="share-heading">Share this story</h2>
          <p>Know someone who should read this? Send it on.</p>
          <ShareButton story={story} label="Share Story" className="button button-primary" />
        </section>
        <a href="/" className="button button-secondary">
          <Icon name="back" />
          Back to Home
        </a>
      </footer>
    </article>
  );
}

/** A story page: the article, then three more stories from its beat (docs/product/screens.md, "Story page"). */
export function StoryPageBody({ story }: { story: Story }) {
  return (
    <>
      <StoryArticle story={story} />
      {story.beat && story.status === 'published' ? <RelatedStories story={story} /> : null}
    </>
  );
}

/** docs/product/screens.md: the viewer's not-found screen. */
export function StoryNotFound() {
  return (
    <div className="page narrow not-found">
      <h1>Story Not Found</h1>
      <p>The story you're looking for doesn't exist.</p>
      <a href="/" className="button button-primary">
        <Icon name="back" />
        Back to Home
      </a>
    </div>
  );
}
