import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { header, homeReadingView, storyReadingView } from '../../src/adapters/http/seo/reading-view.ts';
import { notFoundReadingView, PAGE_NOT_FOUND, STORY_NOT_FOUND } from '../../src/adapters/http/seo/not-found-page.ts';
import { LATEST_STORIES_ID } from '../../src/contract/page-contract.ts';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { currentUserKey } from '../../src/web/auth/current-user.ts';
import { beatsQuery } from '../../src/web/site/beats/beat-queries.ts';
import { SiteFooter } from '../../src/web/site/frame/site-footer.tsx';
import { SiteHeader } from '../../src/web/site/frame/site-header.tsx';
import { FeaturedStory } from '../../src/web/site/home/featured-story.tsx';
import { Hero } from '../../src/web/site/home/hero.tsx';
import { StoryCard } from '../../src/web/site/stories/story-card.tsx';
import { publishedPageQuery } from '../../src/web/site/stories/story-queries.ts';
import { StoryArticle, StoryNotFound } from '../../src/web/site/story-page/story-article.tsx';
import { NotFound } from '../../src/web/ui/not-found.tsx';
import { ToasterHost } from '../../src/web/ui/toast/toaster-host.tsx';
import { RelatedStories } from '../../src/web/site/story-page/related-stories.tsx';
import { canonical, find, findAll, parse } from './markup.ts';

/**
 * The worker's reading view re-types the markup of the reader's components as plain HTML (decision
 * 024 says why it is not rendered with React in the worker). This holds the two to one contract:
 * each part of the reading view must be, up to the differences markup.ts lists, what the component
 * renders for the same story with nobody signed in.
 */

const ORIGIN = 'https://newsroom.example';
const now = new Date().toISOString();

/** The beats that exist: the footer's News links on both sides (the app reads them from /api/beats). */
const beats: Beat[] = [
  { id: 1, name: 'Politics & Power', slug: 'politics-power', description: null, createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 2, name: 'Local News', slug: 'local-news', description: 'Neighbourhoods and schools.', createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 3, name: 'Breaking News', slug: 'breaking-news', description: null, createdAt: '2026-11-01T00:00:00.000Z' },
];
const politics = { id: 1, name: 'Politics & Power', slug: 'politics-power' };
const context = { origin: ORIGIN, now, beats };

function story(id: number, overrides: Partial<Story> = {}): Story {
  return {
    id,
    title: `Council “reopens” the <transit> inquiry & more #${id}`,
    slug: `council-reopens-the-transit-inquiry-${id}`,
    description: 'A late amendment revived the investigation the mayor’s office had declared closed.',
    content: '<h2>What we know</h2><p>Witnesses <strong>described</strong> the scene.</p>',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: `/demo/story-${id}.webp`,
    thumbnailUrl: null,
    videoUrl: null,
    views: id * 1234,
    author: { id: 2, username: 'maya.okafor', firstName: 'Maya', lastName: 'O’Kafor' },
    beat: politics,
    isLive: false,
    corrections: [],
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    publishedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  } as Story;
}

const stories = {
  plain: story(1),
  featuredWithYoutube: story(2, { isFeatured: true, videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }),
  nativeVideo: story(3, { videoUrl: 'https://cdn.example/clip.mp4', featuredImageUrl: '/demo/poster.webp' }),
  noPicture: story(4, { featuredImageUrl: null, beat: null }),
  uploadedPictureWithWords: story(6, {
    featuredImageUrl: '/media/images/2026/11/0b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.jpg',
    featuredImageAlt: 'Sandbags <stacked> along the "river" wall',
    featuredImageCaption: 'Volunteers & crews worked through the night.',
    featuredImageCredit: 'Photograph: Maya O’Kafor/The Newsroom',
  }),
  creditOnly: story(7, {
    featuredImageUrl: '/media/images/2026/11/1b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.png',
    featuredImageCredit: 'Handout',
  }),
  updatedAndCorrected: story(5, {
    updatedAt: '2026-11-22T10:00:00.000Z',
    corrections: [{ id: 1, note: 'An earlier version misspelt the <mayor>’s name.', createdAt: '2026-11-21T12:00:00.000Z' }],
  }),
};

/** Renders `element` as the app would at `path`: inside the router and the query cache (holding the beats and `seed`), nobody signed in. */
async function renderApp(element: ReactNode, path: string, seed: (client: QueryClient) => void = () => {}): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserKey, null);
  queryClient.setQueryData(beatsQuery().queryKey, beats);
  seed(queryClient);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => element }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The reading view's element `tag.className` (the `index`th one) next to the component's own root. */
async function expectSameMarkup(
  readingView: string,
  tag: string,
  className: string,
  component: ReactNode,
  path: string,
  index = 0,
  seed?: (client: QueryClient) => void,
) {
  const written = findAll(parse(readingView), tag, className)[index];
  expect(written, `the reading view has a <${tag} class="${className}">`).toBeDefined();
  const rendered = find(parse(await renderApp(component, path, seed)), tag, className);
  expect(rendered, `the component renders a <${tag} class="${className}">`).toBeDefined();
  expect(canonical(written!)).toBe(canonical(rendered!));
}

describe('the home page reading view is the components’ markup', () => {
  const latest = Object.values(stories);
  const home = homeReadingView(stories.featuredWithYoutube, latest, context);

  test('header with its search box, and footer with the beats as News links (SiteHeader, HeaderSearch, SiteFooter)', async () => {
    await expectSameMarkup(home, 'header', 'site-header', <SiteHeader />, '/');
    await expectSameMarkup(home, 'footer', 'site-footer', <SiteFooter />, '/');
    expect(find(parse(home), 'form', 'header-search'), 'the header has the search box').toBeDefined();
    expect(home).toContain('<a href="/beat/local-news">Local News</a>');
  });

  test('the footer without beats (SiteFooter)', async () => {
    const bare = homeReadingView(null, [], { origin: ORIGIN, now });
    await expectSameMarkup(bare, 'footer', 'site-footer', <SiteFooter />, '/', 0, (client) =>
      client.setQueryData(beatsQuery().queryKey, []),
    );
  });

  test('hero (Hero)', async () => {
    await expectSameMarkup(home, 'section', 'hero', <Hero latestId={LATEST_STORIES_ID} />, '/');
  });

  test('featured story, with a video and with a picture (FeaturedStory, StoryVideo)', async () => {
    await expectSameMarkup(home, 'section', 'featured', <FeaturedStory story={stories.featuredWithYoutube} />, '/');
    const withPicture = homeReadingView(stories.plain, [], context);
    await expectSameMarkup(withPicture, 'section', 'featured', <FeaturedStory story={stories.plain} />, '/');
    const uploaded = homeReadingView(stories.uploadedPictureWithWords, [], context);
    await expectSameMarkup(uploaded, 'section', 'featured', <FeaturedStory story={stories.uploadedPictureWithWords} />, '/');
  });

  test.each(latest.map((item, index) => [item.id, item, index] as const))('story card %i (StoryCard)', async (_id, item, index) => {
    await expectSameMarkup(home, 'article', 'story-card', <StoryCard story={item} />, '/', index);
  });
});

describe('a story page’s reading view is the components’ markup', () => {
  test.each(Object.entries(stories))('%s (StoryArticle, StoryVideo, StoryCorrections: beat and author links)', async (_name, item) => {
    const page = storyReadingView(item, context);
    await expectSameMarkup(page, 'header', 'site-header', <SiteHeader />, `/story/${item.slug}`);
    await expectSameMarkup(page, 'article', 'article', <StoryArticle story={item} />, `/story/${item.slug}`);
  });

  test('more from the beat (RelatedStories)', async () => {
    const item = stories.plain;
    const others = [stories.featuredWithYoutube, stories.nativeVideo, stories.updatedAndCorrected];
    const page = storyReadingView(item, context, others);
    // The app reads the beat's first page (the story itself among it) and leaves the story out.
    const seed = (client: QueryClient) =>
      client.setQueryData(publishedPageQuery(1, politics.id).queryKey, { items: [item, ...others], total: 4 });
    await expectSameMarkup(page, 'section', 'related', <RelatedStories story={item} />, `/story/${item.slug}`, 0, seed);
  });
});

describe('on the search page the header’s box holds the query (SiteHeader, HeaderSearch)', () => {
  test('the same box, with what the reader searched for', async () => {
    const query = 'levee “breach” & <more>';
    await expectSameMarkup(header(false, query), 'header', 'site-header', <SiteHeader />, `/search?${new URLSearchParams({ q: query })}`);
  });
});

describe('the not-found screens and the notice region are the components’ markup', () => {
  test('any unknown address (NotFound), and a missing story (StoryNotFound)', async () => {
    await expectSameMarkup(notFoundReadingView(PAGE_NOT_FOUND, context), 'div', 'not-found', <NotFound />, '/nope');
    await expectSameMarkup(notFoundReadingView(STORY_NOT_FOUND, context, true), 'div', 'not-found', <StoryNotFound />, '/story/nope');
  });

  test('the notices, empty until an island shows one (ToasterHost)', async () => {
    await expectSameMarkup(homeReadingView(null, [], context), 'section', 'toast-region', <ToasterHost />, '/');
  });
});
