import { describe, expect, it } from 'vitest';
import type { LiveBlogUpdate } from '../../src/domain/live-blog/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, signUp } from './support/api.ts';
import { ORIGIN, siteApp } from './support/site-app.ts';
import { checkLiveBlogPosting } from './support/structured-data.ts';

/** A live blog's page, structured data, feed and place in the site's feeds (docs/product/screens.md "Live blog"; docs/product/api-liveblogs.md). */

const site = siteApp();

function jsonLd(html: string): Record<string, any> {
  const open = '<script type="application/ld+json">';
  const start = html.indexOf(open);
  return JSON.parse(html.slice(start + open.length, html.indexOf('</script>', start)));
}

async function liveBlog(token: string, overrides: Record<string, unknown> = {}): Promise<Story> {
  return createStory(token, { format: 'liveblog', status: 'published', ...overrides });
}

async function post(token: string, storyId: number, body: Record<string, unknown> | string): Promise<LiveBlogUpdate> {
  const res = await api<LiveBlogUpdate>(`/api/stories/${storyId}/updates`, {
    method: 'POST',
    token,
    json: typeof body === 'string' ? { body } : body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const section = (html: string) =>
  html.slice(html.indexOf('<section class="live-blog"'), html.indexOf('</section>', html.indexOf('<ol class="live-blog-feed"')) + 10);

describe('a live blog’s page, HTML first', () => {
  it('holds the newest updates, the pinned one, the key events and the cursor, readable without JavaScript', async () => {
    const { token } = await signUp('reporter', { firstName: 'Ada', lastName: 'Obi' });
    const { token: colleague } = await signUp('reporter', { username: 'sam' });
    const blog = await liveBlog(token, { title: 'Flood live', content: '<p>What we know so far.</p>' });
    const first = await post(token, blog.id, { body: '<p>Water over the <em>bridge</em></p>', keyEvent: true });
    const pinned = await post(colleague, blog.id, { body: '<p>Evacuation centres are open</p>', pinned: true });
    const latest = await post(token, blog.id, '<p>Rain easing</p>');

    const res = await site(`/story/${blog.slug}`);
    expect(res.status).toBe(200);
    const html = section(res.text);
    const { cursor } = (await api(`/api/stories/${blog.id}/updates`)).body;
    expect(html).toContain(
      `<section class="live-blog" id="live-blog" aria-labelledby="live-blog-heading" data-island="live-blog" data-live-blog="${blog.id}" data-coverage="live" data-cursor="${cursor}" data-path="/story/flood-live">`,
    );
    expect(html).toContain('<span class="badge badge-live"><span class="live-dot" aria-hidden="true"></span>LIVE</span>');
    // Newest first, each with its own address, time and byline (first and last name when both exist).
    const order = [latest, pinned, first].map((u) =>
      html.indexOf(`<article class="live-blog-update`, html.indexOf(`id="update-${u.id}"`) - 120),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain(`id="update-${latest.id}" aria-labelledby="update-${latest.id}-time">`);
    expect(html).toContain(
      `<a class="live-blog-time" id="update-${latest.id}-time" href="/story/flood-live#update-${latest.id}"><time datetime="${latest.createdAt}">`,
    );
    expect(html).toMatch(new RegExp(`<time datetime="${latest.createdAt}">\\d\\d:\\d\\d UTC</time>`));
    expect(html).toContain('<span class="live-blog-author">By Ada Obi</span>');
    expect(html).toContain('<span class="live-blog-author">By sam</span>');
    expect(html).toContain('<div class="live-blog-body article-content"><p>Water over the <em>bridge</em></p></div>');
    // The pinned update on top, as a copy without the anchor id (the feed keeps it in its place).
    const pinnedBlock = html.slice(html.indexOf('<div class="live-blog-pinned"'), html.indexOf('<h2 id="live-blog-heading"'));
    expect(pinnedBlock).toContain('<h3 class="live-blog-pinned-heading">Pinned</h3>');
    expect(pinnedBlock).toContain('Evacuation centres are open');
    expect(pinnedBlock).not.toContain(`id="update-${pinned.id}"`);
    expect(html.match(new RegExp(`id="update-${pinned.id}"`, 'g'))).toHaveLength(1);
    // Key events jump to their update.
    expect(html).toContain(`<h2 id="key-events-heading">Key events</h2><ol data-live-blog-key-events><li><a href="#update-${first.id}">`);
    expect(html).toContain('<span>Water over the bridge</span>');
    // The polite announcer and the new-updates button, for the island.
    expect(html).toContain('<p class="visually-hidden" role="status" aria-live="polite" data-live-blog-announce></p>');
    expect(html).toContain(
      '<div class="live-blog-new-bar"><button type="button" class="button button-primary live-blog-new" data-live-blog-new hidden></button></div>',
    );
    // The summary stays before the updates.
    expect(res.text.indexOf('What we know so far.')).toBeLessThan(res.text.indexOf('<section class="live-blog"'));
  });

  it('pages older updates with a link that works without JavaScript, and links key events to the page that holds them', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const updates: LiveBlogUpdate[] = [];
    for (let n = 1; n <= 23; n++) updates.push(await post(token, blog.id, { body: `<p>Update number ${n}</p>`, keyEvent: n === 2 }));
    const html = (await site(`/story/${blog.slug}`)).text;
    expect(html).toContain('Update number 23');
    expect(html).toContain('Update number 4<');
    expect(html).not.toContain('Update number 3<');
    const oldestShown = updates[3]!;
    expect(html).toContain(
      `<a class="button button-secondary live-blog-older" href="/story/${blog.slug}?before=${oldestShown.id}#live-blog" data-live-blog-older>Older updates</a>`,
    );
    const keyEvent = updates[1]!;
    expect(html).toContain(`<li><a href="/story/${blog.slug}?before=${keyEvent.id + 1}#update-${keyEvent.id}">`);

    const older = (await site(`/story/${blog.slug}?before=${oldestShown.id}`)).text;
    expect(older).toContain('Update number 3<');
    expect(older).toContain(`id="update-${keyEvent.id}"`);
    expect(older).not.toContain('Update number 4<');
    expect(older).not.toContain('live-blog-older');
    expect(older).toContain(`<a href="/story/${blog.slug}#live-blog">Back to the latest updates</a>`);
    expect(older).toContain(`<link rel="canonical" href="${ORIGIN}/story/${blog.slug}">`);
  });

  it('says when coverage has ended, and an article has no live blog at all', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    await post(token, blog.id, '<p>Last word</p>');
    await api(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    const html = (await site(`/story/${blog.slug}`)).text;
    expect(html).toContain('data-coverage="ended"');
    expect(html).toContain('<span class="badge badge-ended">Coverage ended</span> <span>This live blog is no longer being updated.</span>');
    const article = await createStory(token, { status: 'published' });
    expect((await site(`/story/${article.slug}`)).text).not.toContain('live-blog');
  });
});

describe('the LiveBlogPosting structured data', () => {
  it('passes the structured-data check while live and once ended', async () => {
    const { token } = await signUp('reporter', { firstName: 'Ada', lastName: 'Obi' });
    const blog = await liveBlog(token, {
      title: 'Election night live',
      description: 'Results as they come in',
      featuredImageUrl: '/media/images/count.jpg',
    });
    const a = await post(token, blog.id, { body: '<p>Polls close in <strong>the east</strong>.</p>', keyEvent: true });
    const b = await post(token, blog.id, `<p>${'A long update. '.repeat(20)}</p>`);

    const live = jsonLd((await site(`/story/${blog.slug}`)).text);
    expect(checkLiveBlogPosting(live, { ended: false })).toEqual([]);
    expect(live).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LiveBlogPosting',
      headline: 'Election night live',
      coverageStartTime: blog.publishedAt,
      url: `${ORIGIN}/story/election-night-live`,
    });
    expect(live.coverageEndTime).toBeUndefined();
    expect(live.liveBlogUpdate).toHaveLength(2);
    expect(live.liveBlogUpdate[1]).toEqual({
      '@type': 'BlogPosting',
      headline: 'Polls close in the east.',
      articleBody: 'Polls close in the east.',
      datePublished: a.createdAt,
      dateModified: a.updatedAt,
      author: [{ '@type': 'Person', name: 'Ada Obi' }],
      url: `${ORIGIN}/story/election-night-live#update-${a.id}`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/story/election-night-live` },
      // The story's picture at the width link previews and search engines take (docs/product/api-pictures.md).
      image: [`${ORIGIN}/media/images/count.jpg?w=1280`],
      publisher: live.publisher,
    });
    expect(live.liveBlogUpdate[0].headline.length).toBeLessThanOrEqual(110);
    expect(live.liveBlogUpdate[0].url).toBe(`${ORIGIN}/story/election-night-live#update-${b.id}`);
    expect(Date.parse(live.dateModified)).toBeGreaterThanOrEqual(Date.parse(b.updatedAt));

    const ended = (await api<Story>(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } })).body;
    const after = jsonLd((await site(`/story/${blog.slug}`)).text);
    expect(checkLiveBlogPosting(after, { ended: true })).toEqual([]);
    expect(after.coverageEndTime).toBe(ended.coverageEndedAt);
  });

  it('the check itself catches what search engines refuse', () => {
    const valid = {
      '@context': 'https://schema.org',
      '@type': 'LiveBlogPosting',
      headline: 'H',
      url: 'https://x.example/story/h',
      image: ['https://x.example/a.png'],
      datePublished: '2026-01-01T10:00:00.000Z',
      author: [{ '@type': 'Person', name: 'A' }],
      publisher: { '@type': 'NewsMediaOrganization', name: 'N', logo: { '@type': 'ImageObject', url: 'https://x.example/logo.png' } },
      coverageStartTime: '2026-01-01T10:00:00.000Z',
      liveBlogUpdate: [
        {
          '@type': 'BlogPosting',
          headline: 'U',
          articleBody: 'U',
          datePublished: '2026-01-01T11:00:00.000Z',
          author: { '@type': 'Person', name: 'A' },
          url: 'https://x.example/story/h#update-1',
        },
      ],
    };
    expect(checkLiveBlogPosting(valid, { ended: false })).toEqual([]);
    expect(checkLiveBlogPosting({ ...valid, coverageStartTime: undefined }, { ended: false })).toEqual(['$.coverageStartTime: missing']);
    expect(checkLiveBlogPosting(valid, { ended: true })).toEqual(['$.coverageEndTime: missing']);
    expect(checkLiveBlogPosting({ ...valid, headline: 'x'.repeat(111) }, { ended: false })).toEqual([
      '$.headline: longer than 110 characters',
    ]);
    expect(
      checkLiveBlogPosting(
        { ...valid, liveBlogUpdate: [{ ...valid.liveBlogUpdate[0], articleBody: '<p>U</p>', url: '/h#1' }] },
        { ended: false },
      ),
    ).toEqual([
      '$.liveBlogUpdate[0].articleBody: holds markup; must be plain text',
      "$.liveBlogUpdate[0].url: must be the live blog's address with the update's fragment",
    ]);
    expect(checkLiveBlogPosting({ ...valid, '@type': 'NewsArticle', liveBlogUpdate: undefined }, { ended: false })).toEqual([
      '$.@type: must be LiveBlogPosting',
      '$.liveBlogUpdate: missing or not a list',
    ]);
  });
});

describe('a live blog’s own feed and its place in the site’s', () => {
  it('answers /story/{slug}/rss.xml with the updates, newest first, each linking to its own address', async () => {
    const { token } = await signUp('reporter', { firstName: 'Ada', lastName: 'Obi' });
    const blog = await liveBlog(token, { title: 'Storm <live> & more' });
    const a = await post(token, blog.id, { body: '<p>First &amp; early</p>', keyEvent: true });
    const b = await post(token, blog.id, '<p>Second</p>');
    const res = await site(`/story/${blog.slug}/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.text).toContain('<title>Storm &lt;live&gt; &amp; more</title>');
    expect(res.text).toContain(`<atom:link href="${ORIGIN}/story/${blog.slug}/rss.xml" rel="self" type="application/rss+xml"/>`);
    const items = res.text.split('<item>').slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(`<link>${ORIGIN}/story/${blog.slug}#update-${b.id}</link>`);
    expect(items[1]).toContain(`<guid isPermaLink="true">${ORIGIN}/story/${blog.slug}#update-${a.id}</guid>`);
    expect(items[1]).toContain('<title>First &amp; early</title>');
    expect(items[1]).toContain('<content:encoded>&lt;p&gt;First &amp;amp; early&lt;/p&gt;</content:encoded>');
    expect(items[1]).toContain('<dc:creator>Ada Obi</dc:creator>');
    expect(items[1]).toContain('<category>Key event</category>');

    const draft = await liveBlog(token, { status: 'draft' });
    const article = await createStory(token, { status: 'published' });
    for (const path of [`/story/${draft.slug}/rss.xml`, `/story/${article.slug}/rss.xml`, '/story/nothing-here/rss.xml'])
      expect((await site(path)).status, path).toBe(404);
  });

  it('is in the sitemap and the site’s feed, and marked LIVE on the home page while live', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token, { title: 'Summit live' });
    const before = blog.updatedAt;
    await post(token, blog.id, '<p>Leaders arrive</p>');
    const sitemap = (await site('/sitemap.xml')).text;
    const entry = new RegExp(`<url><loc>${ORIGIN}/story/summit-live</loc><lastmod>([^<]+)</lastmod></url>`).exec(sitemap);
    expect(entry).not.toBeNull();
    // An update moves the live blog's last change, so crawlers come back.
    expect(Date.parse(entry![1]!)).toBeGreaterThan(Date.parse(before));
    expect((await site('/rss.xml')).text).toContain(`<link>${ORIGIN}/story/summit-live</link>`);

    const card = (html: string) =>
      html.slice(
        html.indexOf('<article class="story-card" aria-labelledby="story-card-' + blog.id),
        html.indexOf('</article>', html.indexOf('story-card-' + blog.id)),
      );
    expect(card((await site('/')).text)).toContain(
      '<span class="badge badge-live"><span class="live-dot" aria-hidden="true"></span>LIVE</span>',
    );
    await api(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    expect(card((await site('/')).text)).not.toContain('LIVE');
  });
});

describe('a live blog in the edge cache (its own scope)', () => {
  it('renews only the live blog’s page, feed and RSS when an update is posted, edited or deleted', async () => {
    const cached = siteApp({ edgeCache: { cache: await caches.open('test-live-blog-scope'), namespace: 'scope', ttlSeconds: 60 } });
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token, { title: 'Scoped live' });
    const other = await createStory(token, { title: 'Another story', status: 'published' });
    const reads = [`/story/${blog.slug}`, `/story/${blog.id}`, `/story/${blog.slug}/rss.xml`, `/api/stories/${blog.id}/updates`];
    const untouched = ['/', `/story/${other.slug}`, '/api/stories?status=published&limit=6', `/api/stories/${blog.id}`];
    for (const path of [...reads, ...untouched]) {
      await cached(path);
      expect((await cached(path)).headers.get('X-Edge-Cache'), path).toBe('HIT');
    }

    const posted = await cached(`/api/stories/${blog.id}/updates`, { method: 'POST', token, json: { body: '<p>Scoped update</p>' } });
    expect(posted.status).toBe(201);
    for (const path of reads) {
      const res = await cached(path);
      expect(res.headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect(res.text, path).toContain('Scoped update');
    }
    for (const path of untouched) expect((await cached(path)).headers.get('X-Edge-Cache'), path).toBe('HIT');

    const id = (JSON.parse(posted.text) as LiveBlogUpdate).id;
    await cached(`/api/stories/${blog.id}/updates/${id}`, { method: 'PUT', token, json: { body: '<p>Scoped, edited</p>', version: 1 } });
    expect((await cached(`/story/${blog.slug}`)).text).toContain('Scoped, edited');
    await cached(`/api/stories/${blog.id}/updates/${id}`, { method: 'DELETE', token });
    expect((await cached(`/api/stories/${blog.id}/updates`)).text).not.toContain('Scoped, edited');

    // A story write (ending coverage) renews everything, the live blog's reads with the rest.
    await cached(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    expect((await cached('/')).headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await cached(`/story/${blog.slug}`)).text).toContain('data-coverage="ended"');
    expect(JSON.parse((await cached(`/api/stories/${blog.id}/updates`)).text).coverage).toBe('ended');
  });

  it('keeps the feed cached only a short while in a data centre that did not see the write', async () => {
    const here = siteApp({ edgeCache: { cache: await caches.open('test-live-blog-ttl'), namespace: 'ttl', ttlSeconds: 60 } });
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    await here(`/api/stories/${blog.id}/updates`);
    // A write through another data centre: it has its own cache, so this one hears nothing.
    await post(token, blog.id, '<p>Posted elsewhere</p>');
    expect((await here(`/api/stories/${blog.id}/updates`)).text).not.toContain('Posted elsewhere');
    // The feed's entries live 2 seconds (the pages' 60): then this data centre reads it afresh.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await here(`/api/stories/${blog.id}/updates`)).text).toContain('Posted elsewhere');
  });
});
