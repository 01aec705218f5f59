import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { createStory, deps, signUp } from './support/api.ts';
import { ORIGIN, siteApp } from './support/site-app.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';

const site = siteApp();

/** The JSON inside the first <script type="..."> of that type. */
function dataBlock(html: string, type: string, id?: string): unknown {
  const open = id ? `<script type="${type}" id="${id}">` : `<script type="${type}">`;
  const start = html.indexOf(open);
  if (start < 0) return undefined;
  const body = html.slice(start + open.length, html.indexOf('</script>', start));
  return JSON.parse(body);
}

function meta(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('story pages for readers without JavaScript and for link previews', () => {
  it('answer /story/{slug} with the story in the head, the reading view and the data the app starts from', async () => {
    const reporter = await signUp('reporter', { firstName: 'Amara', lastName: 'Okafor' });
    const story = await createStory(reporter.token, {
      title: 'Harbour wall gives way',
      description: 'Residents moved to higher ground overnight.',
      content: '<p>The sea wall failed at <strong>2 a.m.</strong></p>',
      status: 'published',
      featuredImageUrl: '/media/images/harbour.jpg',
    });

    const res = await site(`/story/${story.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toContain('<title>Harbour wall gives way – The Newsroom</title>');
    expect(html).not.toContain('Shell title');
    expect(html).not.toContain('Shell description');
    expect(meta(html, 'name', 'description')).toBe('Residents moved to higher ground overnight.');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/story/harbour-wall-gives-way">`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:title')).toBe('Harbour wall gives way');
    expect(meta(html, 'property', 'og:description')).toBe('Residents moved to higher ground overnight.');
    // An uploaded picture previews at 1280 px (docs/product/api-pictures.md).
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/images/harbour.jpg?w=1280`);
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/story/harbour-wall-gives-way`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}/media/images/harbour.jpg?w=1280`);

    expect(dataBlock(html, 'application/ld+json')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Harbour wall gives way',
      description: 'Residents moved to higher ground overnight.',
      image: [`${ORIGIN}/media/images/harbour.jpg?w=1280`],
      datePublished: story.publishedAt,
      dateModified: story.updatedAt,
      author: [{ '@type': 'Person', name: 'Amara Okafor', url: `${ORIGIN}/author/${reporter.user.username}` }],
      publisher: {
        '@type': 'NewsMediaOrganization',
        name: 'The Newsroom',
        url: `${ORIGIN}/`,
        logo: { '@type': 'ImageObject', url: `${ORIGIN}/logo.png`, width: 600, height: 60 },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/story/harbour-wall-gives-way` },
      url: `${ORIGIN}/story/harbour-wall-gives-way`,
      isAccessibleForFree: true,
    });

    // The app's first read, answered in the page: exactly what the API says about the story.
    const initial = dataBlock(html, 'application/json', 'initial-data') as Record<string, Story>;
    expect(Object.keys(initial)).toEqual([`/api/stories/slug/${story.slug}`]);
    expect(initial[`/api/stories/slug/${story.slug}`]).toEqual(story);

    // The reading view: title, byline and the (server-sanitised) content, inside the app's root.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1 id="story-title" class="article-title">Harbour wall gives way</h1>');
    expect(root).toContain('Amara Okafor');
    expect(root).toContain('<p>The sea wall failed at <strong>2 a.m.</strong></p>');
    // Readers can read before the app's code arrives: it is fetched after the page's own resources.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-test.js" fetchpriority="low"></script>');
  });

  it('escapes whatever a story says, in the head, the JSON-LD, the data block and the reading view', async () => {
    const reporter = await signUp('reporter');
    const hostile = `</script><script>alert(1)</script> "quoted" & <b>bold</b> 'single'`;
    const story = await createStory(reporter.token, { title: hostile, description: `${hostile} \u2028 end`, status: 'published' });

    const html = (await site(`/story/${story.slug}`)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    // Every script element the page has is one of ours.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="module" crossorigin src="/assets/index-test.js" fetchpriority="low">',
      '<script type="application/json" id="initial-data">',
    ]);
    expect(unescape(meta(html, 'property', 'og:title')!)).toBe(hostile);
    expect((dataBlock(html, 'application/ld+json') as { headline: string }).headline).toBe(hostile);
    const initial = dataBlock(html, 'application/json', 'initial-data') as Record<string, Story>;
    // U+2028 is valid JSON but not in older script parsers: inside data blocks it travels escaped, and arrives intact.
    const blocks = html.match(/<script type="application\/[^"]*"[^>]*>[^<]*<\/script>/g)!;
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(block).not.toContain('\u2028');
    expect(initial[`/api/stories/slug/${story.slug}`]!.description).toBe(story.description);
    expect(story.description).toContain('\u2028');
  });

  it('finds a story by its id, and says "not found" (404, noindex, no data) for a draft or nothing', async () => {
    const reporter = await signUp('reporter');
    const published = await createStory(reporter.token, { title: 'Found by id', status: 'published' });
    const draft = await createStory(reporter.token, { title: 'Not yet public', status: 'draft' });

    const byId = await site(`/story/${published.id}`);
    expect(byId.status).toBe(200);
    expect(byId.text).toContain(`<link rel="canonical" href="${ORIGIN}/story/found-by-id">`);
    expect(Object.keys(dataBlock(byId.text, 'application/json', 'initial-data') as object)).toEqual([`/api/stories/slug/${published.id}`]);

    for (const path of [`/story/${draft.slug}`, '/story/no-such-story', '/story/999999']) {
      const res = await site(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).toContain('<title>Story Not Found – The Newsroom</title>');
      expect(res.text).not.toContain('Not yet public');
      expect(res.text).not.toContain('initial-data');
      // The not-found screen, for readers and crawlers; a signed-in browser starts the app over it (a draft's author).
      expect(res.text).toContain('<main id="main" data-reading-view data-app-when-signed-in>');
      expect(res.text).toContain(
        '<h1>Story Not Found</h1><p>The story you&#39;re looking for doesn&#39;t exist.</p><a class="button button-primary" href="/">Back to Home</a>',
      );
    }
  });

  it('leaves /story/new (the editor) to the app', async () => {
    const res = await site('/story/new');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Shell title</title>');
  });
});

describe('the home page', () => {
  it('has its own title, description, canonical and share tags, and starts with the featured and latest stories', async () => {
    const reporter = await signUp('reporter');
    const stories: Story[] = [];
    for (let n = 1; n <= 7; n++)
      stories.push(await createStory(reporter.token, { title: `Home story ${n}`, status: 'published', isFeatured: n === 2 }));
    await createStory(reporter.token, { title: 'Home draft', status: 'draft' });

    const html = (await site('/')).text;
    expect(html).toContain('<title>The Newsroom: Uncensored. Unfiltered. Unapologetic.</title>');
    expect(meta(html, 'name', 'description')).toBe('Independent news: uncensored, unfiltered, unapologetic reporting from our newsroom.');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/og-image.png`);

    const initial = dataBlock(html, 'application/json', 'initial-data') as Record<string, unknown>;
    expect((initial['/api/stories/featured'] as Story).title).toBe('Home story 2');
    const latest = initial['/api/stories?status=published&limit=6'] as Story[];
    expect(latest.map((story) => story.title)).toEqual([
      'Home story 7',
      'Home story 6',
      'Home story 5',
      'Home story 4',
      'Home story 3',
      'Home story 2',
    ]);
    expect(html).toContain('The stories others won’t tell.');
    expect(html).toContain('<a href="/story/home-story-7">Home story 7</a>');
    expect(html).not.toContain('Home draft');
  });
});

describe('the reading view is a whole page, its acting parts marked as islands (decision 045)', () => {
  const between = (html: string, start: string, end: string) =>
    html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)) + end.length);

  it('gives the home page its controls, the featured video, a relative time and the footer', async () => {
    const reporter = await signUp('reporter', { firstName: 'Lena', lastName: 'Park' });
    await createStory(reporter.token, {
      title: 'Flood video',
      status: 'published',
      isFeatured: true,
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
    await createBeat(deps, { name: 'Politics', description: null });

    const html = (await site('/')).text;
    expect(html).toContain('<main id="main" data-reading-view>');
    expect(html).toContain(
      '<div class="menu" data-island="follow-menu"><button type="button" class="nav-button" aria-expanded="false" aria-controls="follow-menu">',
    );
    expect(html).toContain('<div id="follow-menu" class="menu-panel" hidden>');
    expect(html).toContain('<div class="header-account" data-island="account">');
    expect(html).toContain('data-island="watch-live"');
    expect(html).toContain('data-island="latest-news"');
    expect(html).toContain(
      '<section aria-label="Notifications (F8)" class="toast-region"><ol tabindex="-1" class="toast-list" aria-live="polite"></ol></section>',
    );
    const featured = between(html, '<section class="featured"', '</section>');
    // The video behind its facade (decision 070): no player in the page until the reader taps play.
    expect(featured).not.toContain('<iframe');
    const facade =
      /<button type="button" class="video-facade" aria-label="Play video: Flood video" data-island="youtube-player" data-island-props="([^"]+)">/.exec(
        featured,
      );
    expect(facade).not.toBeNull();
    expect(JSON.parse(facade![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))).toEqual({
      src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&controls=1',
      title: 'Video: Flood video',
    });
    expect(featured).toMatch(/<time datetime="[^"]+">just now<\/time>/);
    const share =
      /<button type="button" class="button button-secondary" aria-label="Share: Flood video" data-island="share" data-island-props="([^"]+)">Share<\/button>/.exec(
        featured,
      );
    expect(share).not.toBeNull();
    expect(JSON.parse(share![1]!.replace(/&quot;/g, '"'))).toMatchObject({ title: 'Flood video', slug: 'flood-video' });
    const footer = between(html, '<footer class="site-footer">', '</footer>');
    // The News links are the beats that exist.
    expect(footer).toContain('<a href="/beat/politics">Politics</a>');
    expect(footer).toContain('<a href="/about#mission">Our Mission</a>');
    expect(footer).toContain('href="https://www.youtube.com/@TheNewsroom" target="_blank" rel="noopener noreferrer">YouTube');
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} The Newsroom. All rights reserved.`);
  });

  it('gives a story page its video player, both share buttons and the id its view is counted by', async () => {
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, {
      title: 'Uploaded clip',
      status: 'published',
      videoUrl: '/media/videos/clip.webm',
      featuredImageUrl: '/media/images/clip.jpg',
    });

    const html = (await site(`/story/${story.slug}`)).text;
    expect(html).toContain(`<main id="main" data-reading-view data-story-id="${story.id}">`);
    expect(html).toContain(
      '<video src="/media/videos/clip.webm" poster="/media/images/clip.jpg?w=960" controls preload="metadata" playsinline aria-label="Video: Uploaded clip"></video>',
    );
    expect(html.match(/data-island="share"/g)).toHaveLength(2);
    expect(html).toContain(
      `<div class="button-row" data-island="story-edit" data-island-props="{&quot;storyId&quot;:${story.id},&quot;authorId&quot;:${reporter.user.id}}">`,
    );
    expect(html).toContain('<h2 id="share-heading">Share this story</h2>');
    expect(html).toContain('<a class="button button-secondary" href="/">Back to Home</a>');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).not.toContain('data-island="live-player"');
  });

  it('gives a live story its player as an island, in a frame that keeps the page still', async () => {
    const reporter = await signUp('reporter');
    const live = await deps.stories.create(
      {
        title: 'Live now',
        slug: 'live-now',
        description: 'On air',
        content: '<p>Live</p>',
        beatId: null,
        status: 'published',
        isFeatured: false,
        featuredImageUrl: null,
        videoUrl: null,
        publishedAt: deps.clock.now(),
        isLive: true,
        authorId: reporter.user.id,
      },
      deps.clock.now(),
    );
    const html = (await site(`/story/${live.slug}`)).text;
    expect(html).toContain(`<main id="main" data-reading-view data-story-id="${live.id}">`);
    expect(html).toContain(
      '<div class="live-slot" data-island="live-player" data-island-props="{&quot;segment&quot;:&quot;live-now&quot;}"><div class="video-frame"></div></div>',
    );
  });
});

describe('feeds, sitemaps and robots.txt', () => {
  it('list published stories only, newest first, in RSS and the sitemap', async () => {
    const reporter = await signUp('reporter', { firstName: 'Ben', lastName: 'Adeyemi' });
    await createStory(reporter.token, { title: 'Feed one & <two>', status: 'published' });
    await createStory(reporter.token, { title: 'Feed draft', status: 'draft' });
    await createStory(reporter.token, { title: 'Feed archived', status: 'archived' });
    await createStory(reporter.token, { title: 'Feed three', status: 'published' });

    const rss = await site('/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(rss.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const titles = [...rss.text.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles.slice(0, 2)).toEqual(['Feed three', 'Feed one &amp; &lt;two&gt;']);
    expect(rss.text).not.toContain('Feed draft');
    expect(rss.text).not.toContain('Feed archived');
    expect(rss.text).toContain(`<link>${ORIGIN}/story/feed-three</link>`);
    expect(rss.text).toContain('<dc:creator>Ben Adeyemi</dc:creator>');

    const sitemap = await site('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs.slice(0, 3)).toEqual([`${ORIGIN}/`, `${ORIGIN}/beta`, `${ORIGIN}/about`]);
    expect(locs).toContain(`${ORIGIN}/story/feed-three`);
    expect(locs).toContain(`${ORIGIN}/story/feed-one-two`);
    expect(locs).not.toContain(`${ORIGIN}/story/feed-draft`);
    expect(locs).not.toContain(`${ORIGIN}/story/feed-archived`);
  });

  it("date the RSS channel by its newest story's last change, so the same stories give the same feed", async () => {
    const reporter = await signUp('reporter');
    await createStory(reporter.token, { title: 'Build date one', status: 'published' });
    const newest = await createStory(reporter.token, { title: 'Build date two', status: 'published' });
    const first = await site('/rss.xml');
    const built = first.text.match(/<lastBuildDate>([^<]*)<\/lastBuildDate>/)?.[1];
    expect(built).toBe(new Date(newest.updatedAt).toUTCString());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await site('/rss.xml')).text).toBe(first.text);
  });

  it('keep the news sitemap to what was published in the last 48 hours', async () => {
    let now = '2026-03-01T12:00:00.000Z';
    const clocked = siteApp({ clock: { now: () => now } });
    const reporter = await signUp('reporter');
    const publish = async (title: string) => {
      const res = await clocked('/api/stories', {
        method: 'POST',
        token: reporter.token,
        json: { title, description: 'd', content: '<p>c</p>', status: 'published' },
      });
      expect(res.status).toBe(201);
    };
    await publish('Three days old');
    now = '2026-03-03T13:00:00.000Z';
    await publish('One day old');
    now = '2026-03-04T12:00:00.000Z';
    await publish('Fresh');

    const news = await clocked('/news-sitemap.xml');
    expect(news.status).toBe(200);
    expect(news.text).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const titles = [...news.text.matchAll(/<news:title>([^<]*)<\/news:title>/g)].map((match) => match[1]);
    expect(titles).toEqual(['Fresh', 'One day old']);
    expect(news.text).toContain('<news:publication_date>2026-03-04T12:00:00.000Z</news:publication_date>');
  });

  it('serve a robots.txt that points at both sitemaps by absolute URL', async () => {
    const robots = await site('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.text).toContain(`Sitemap: ${ORIGIN}/news-sitemap.xml`);
  });
});
