/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { StoryPageRead } from '../../services/reader-pages/story-page.ts';
import { ISLANDS, STORY_ID_ATTRIBUTE, VIEWS_ATTRIBUTE } from '../../contract/page-contract.ts';
import { viewsLabel } from '../../domain/formatting.ts';
import { authorPath, beatPath, site } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import type { Story } from '../../domain/story/entities.ts';
import { wasUpdatedAfterPublishing } from '../../domain/story/working-day.ts';
import { formatFullDate } from '../../domain/dates.ts';
import { statusLabel } from '../../domain/story/story.ts';
import { FediverseReplies } from '../fediverse/fediverse-replies.tsx';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { island } from '../island.ts';
import { LiveBlogPart } from '../live-blog/live-blog-part.tsx';
import { LiveSlot } from '../live/live-slot.tsx';
import { NewsletterSignup } from '../newsletters/newsletter-signup.tsx';
import { ShareButton } from '../stories/share-button.tsx';
import { StoryGrid } from '../stories/story-card.tsx';
import { Dot, FullDate, TimeAgo } from '../stories/story-meta.tsx';
import { ArticleFigure } from '../stories/story-picture.tsx';
import { StoryVideo } from '../stories/story-video.tsx';
import { DonationAsk } from '../support/donation-ask.tsx';
import { StoryBody } from './story-gate.tsx';

/** The story-edit island's props: the story's id and its author's, so Edit shows for its author or an admin. */
export interface StoryEditProps {
  storyId: number;
  authorId: number;
}

/**
 * Featured and the beat, over the article. The workflow status only in the staff's preview: a
 * reader's page shows what is published, and says nothing of the newsroom's workflow (issue 42).
 */
function Badges({ story, status }: { story: Story; status: boolean }) {
  if (!story.isFeatured && !story.beat && !status) return null;
  return (
    <ul class="badge-list" aria-label="About this story">
      {story.isFeatured ? <li class="badge badge-accent">Featured</li> : null}
      {status ? <li class={`badge badge-status badge-${story.status}`}>{statusLabel(story.status)}</li> : null}
      {story.beat ? (
        <li>
          <a class="badge" href={beatPath(story.beat)}>
            {story.beat.name}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The story's picture or video, or a live stream's player. */
function StoryMedia({ story, origin, captions }: { story: Story; origin: string; captions: StoryPageRead['captions'] }) {
  if (story.isLive) return <LiveSlot story={story} />;
  if (story.videoUrl) return <StoryVideo story={story} origin={origin} slot="article" captions={captions} />;
  if (story.featuredImageUrl) return <ArticleFigure story={story} />;
  return null;
}

/** The story's corrections, oldest first. */
function Corrections({ story }: { story: Story }) {
  if (story.corrections.length === 0) return null;
  return (
    <section class="article-corrections" aria-labelledby="corrections-heading">
      <h2 id="corrections-heading">Corrections</h2>
      <ul>
        {story.corrections.map((correction) => (
          <li>
            <time datetime={correction.createdAt}>
              <strong>Correction, {formatFullDate(correction.createdAt)}:</strong>
            </time>{' '}
            {correction.note}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Three more stories from the story's beat, after the article (docs/product/screens.md, "Story page"). */
export function RelatedStories({ related }: { related: readonly Story[] }) {
  if (related.length === 0) return null;
  return (
    <section class="related page" aria-labelledby="related-heading">
      <h2 id="related-heading" class="section-title">
        More from {related[0]!.beat?.name ?? site.name}
      </h2>
      <StoryGrid stories={related} />
    </section>
  );
}

/** What the article shows of a story's page (the staff preview's read has it too). */
type ArticleRead = Pick<StoryPageRead, 'story' | 'read' | 'level' | 'liveBlog'> & Partial<Pick<StoryPageRead, 'captions'>>;

/** The article itself; in the staff's preview (`preview`), with the story's workflow status. */
export function StoryArticle({
  data,
  context,
  preview = false,
}: {
  data: ArticleRead;
  context: Pick<FrameContext, 'origin' | 'now'>;
  preview?: boolean;
}) {
  const { read: story, liveBlog } = data;
  return (
    <article class="article" aria-labelledby="story-title">
      <header class="article-header">
        <div class="article-toolbar">
          <Badges story={story} status={preview} />
          <div class="button-row" {...island<StoryEditProps>(ISLANDS.storyEdit, { storyId: story.id, authorId: story.authorId })}>
            <ShareButton story={story} label="Share" class="button button-small button-secondary" />
          </div>
        </div>
        <StoryMedia story={story} origin={context.origin} captions={data.captions ?? []} />
        <h1 id="story-title" class="article-title">
          {story.title}
        </h1>
        <p class="article-byline">
          <span>
            By{' '}
            <a class="article-author" href={authorPath(story.author)}>
              {authorName(story.author)}
            </a>
          </span>
          <Dot />
          <FullDate iso={story.publishedAt ?? story.createdAt} />
          <Dot />
          <span class="article-views" data-testid="story-views" {...{ [VIEWS_ATTRIBUTE]: true }}>
            {viewsLabel(story.views)}
          </span>
          {wasUpdatedAfterPublishing(story) ? (
            <>
              <Dot />
              <span class="article-updated">
                Updated <TimeAgo iso={story.updatedAt} now={context.now} />
              </span>
            </>
          ) : null}
        </p>
        <p class="article-description">{story.description}</p>
      </header>
      <StoryBody stored={data.story} read={story} level={data.level} />
      {liveBlog ? <LiveBlogPart story={data.story} data={liveBlog} now={context.now} /> : null}
      <Corrections story={story} />
      <footer class="article-footer">
        <section class="share-panel" aria-labelledby="share-heading">
          <h2 id="share-heading">Share this story</h2>
          <p>Know someone who should read this? Send it on.</p>
          <ShareButton story={story} label="Share Story" class="button button-primary" />
        </section>
        <a class="button button-secondary" href="/">
          Back to Home
        </a>
      </footer>
    </article>
  );
}

/** /story/{slug} (docs/product/screens.md, "Story page"): the article, then replies, the newsletter, the gift ask, related stories. */
export function StoryPage({ data, context }: { data: StoryPageRead; context: FrameContext }) {
  return (
    <PageFrame context={context} main={{ [STORY_ID_ATTRIBUTE]: data.read.id }}>
      <StoryArticle data={data} context={context} />
      <FediverseReplies replies={data.replies} />
      <NewsletterSignup newsletter={data.newsletter} idPrefix="story" />
      {data.askForSupport ? <DonationAsk /> : null}
      <RelatedStories related={data.related} />
    </PageFrame>
  );
}
