/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { HomePageRead } from '../../services/reader-pages/home-page.ts';
import { ISLANDS, LATEST_STORIES_ID } from '../../contract/page-contract.ts';
import { viewsLabel } from '../../domain/formatting.ts';
import { site, storyPath } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import type { Story } from '../../domain/story/entities.ts';
import { FediverseFollow } from '../fediverse/fediverse-follow.tsx';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { island } from '../island.ts';
import { NewsletterSignup } from '../newsletters/newsletter-signup.tsx';
import { ShareButton } from '../stories/share-button.tsx';
import { StoryGrid } from '../stories/story-card.tsx';
import { Dot, TimeAgo } from '../stories/story-meta.tsx';
import { StoryPicture } from '../stories/story-picture.tsx';
import { StoryVideo } from '../stories/story-video.tsx';

function Hero() {
  return (
    <section class="hero" aria-labelledby="hero-title">
      <div class="hero-inner">
        <p class="hero-kicker">Independent news network</p>
        <h1 id="hero-title" class="hero-title">
          The stories others won’t tell.
        </h1>
        <p class="hero-tagline">{site.tagline}</p>
        <div class="button-row">
          <button type="button" class="button button-primary button-large" {...island(ISLANDS.watchLive)}>
            <span class="live-dot" aria-hidden="true"></span>Watch Live
          </button>
          <a class="button button-inverse button-large" href={`#${LATEST_STORIES_ID}`} {...island(ISLANDS.latestNews)}>
            Latest News
          </a>
        </div>
      </div>
    </section>
  );
}

function FeaturedStory({ story, captions, context }: { story: Story; captions: HomePageRead['featuredCaptions']; context: FrameContext }) {
  const href = storyPath(story);
  return (
    <section class="featured" aria-labelledby="featured-heading">
      <h2 id="featured-heading" class="section-title">
        Featured Story
      </h2>
      <div class="featured-grid">
        <div class="featured-media">
          {story.videoUrl ? (
            <StoryVideo story={story} origin={context.origin} slot="featured" captions={captions} />
          ) : (
            <StoryPicture story={story} slot="featured" class="story-image" priority />
          )}
        </div>
        <div class="featured-text">
          {story.beat ? <span class="badge badge-accent">{story.beat.name}</span> : null}
          <h3 class="featured-title">
            <a href={href}>{story.title}</a>
          </h3>
          <p class="featured-description">{story.description}</p>
          <p class="story-meta">
            <span>By {authorName(story.author)}</span>
            <Dot />
            <TimeAgo iso={story.publishedAt ?? story.createdAt} now={context.now} />
            <Dot />
            <span>{viewsLabel(story.views)}</span>
          </p>
          <div class="button-row">
            <a class="button button-primary" href={href}>
              Read Full Story
            </a>
            <ShareButton story={story} label="Share" class="button button-secondary" />
          </div>
        </div>
      </div>
    </section>
  );
}

/** / (docs/product/screens.md, "Home"): the hero, the featured story, the latest stories, the fediverse handle, the newsletter. */
export function HomePage({ data, context }: { data: HomePageRead; context: FrameContext }) {
  return (
    <PageFrame context={context} onHome>
      <Hero />
      <div class="page">
        {data.featured ? <FeaturedStory story={data.featured} captions={data.featuredCaptions} context={context} /> : null}
        <section class="latest" aria-labelledby="latest-stories-heading">
          <div class="section-head">
            <h2 id="latest-stories-heading" class="section-title">
              <span id={LATEST_STORIES_ID} tabindex="-1" class="scroll-target">
                Latest Stories
              </span>
            </h2>
            <a class="section-link" href="/beta">
              All stories <span aria-hidden="true">→</span>
            </a>
          </div>
          <StoryGrid stories={data.latest} />
        </section>
        <FediverseFollow address={data.fediverseHandle} whom={site.name} />
      </div>
      <NewsletterSignup newsletter={data.newsletter} idPrefix="home" />
    </PageFrame>
  );
}
