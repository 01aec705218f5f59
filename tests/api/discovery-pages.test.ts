import { beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, createStory, deps, signUp, updateStory } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

/**
 * The finding-the-news pages as the worker writes them (docs/product/screens.md): search, beat and
 * author pages readable before any app code runs, with their own head tags; links from stories.
 */

const site = siteApp();
const doc = (html: string) => parseDocument(html);
const main = (html: string) =>
  DomUtils.findOne((el) => el.name === 'main' && el.attribs['data-reading-view'] !== undefined, doc(html).children, true);
const meta = (html: string, attr: string, value: string) =>
  DomUtils.findOne((el) => el.name === 'meta' && el.attribs[attr] === value, doc(html).children, true)?.attribs.content;
const link = (html: string, rel: string) =>
  DomUtils.findOne((el) => el.name === 'link' && el.attribs.rel === rel, doc(html).children, true)?.attribs.href;
const jsonLd = (html: string) =>
  DomUtils.findAll((el) => el.name === 'script' && el.attribs.type === 'application/ld+json', doc(html).children).map(
    (el) => JSON.parse(DomUtils.textContent(el)) as Record<string, unknown>,
  );
const hrefs = (html: string) => DomUtils.findAll((el) => el.name === 'a', [main(html)!]).map((el) => el.attribs.href);

let reporter: Awaited<ReturnType<typeof signUp>>;
let beat: Beat;
let other: Beat;
const stories: Story[] = [];

beforeAll(async () => {
  reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
  beat = await createBeat(deps, { name: 'Local News', description: 'Around town' });
  other = await createBeat(deps, { name: 'Politics', description: null });
  await api(`/api/users/${reporter.user.id}`, { method: 'PUT', token: reporter.token, json: { bio: 'Covers the <river> & the levee.' } });
  await deps.beats.assign(reporter.user.id, [beat.id], deps.clock.now());
  for (let n = 1; n <= 14; n++)
    stories.push(await createStory(reporter.token, { title: `Levee watch day ${n}`, status: 'published', beatId: beat.id }));
  await createStory(reporter.token, { title: 'Levee draft not for readers', status: 'draft', beatId: beat.id });
});

describe('/search', () => {
  it('shows results with the matched words marked, paged, noindex, before any app code runs', async () => {
    const res = await site('/search?q=levee+watch');
    expect(res.status).toBe(200);
    expect(meta(res.text, 'name', 'robots')).toBe('noindex');
    const text = DomUtils.textContent(main(res.text)!);
    expect(text).toContain('Showing 1–12 of 14 stories matching “levee watch”');
    expect(res.text).toContain('<mark>Levee</mark> <mark>watch</mark>');
    expect(text).not.toContain('draft not for readers');
    expect(hrefs(res.text)).toContain('/search?q=levee+watch&page=2');
    const second = await site('/search?q=levee+watch&page=2');
    expect(DomUtils.findAll((el) => el.attribs.class === 'search-result', [main(second.text)!])).toHaveLength(2);
    // The header's box holds the query.
    expect(res.text).toContain('name="q" value="levee watch"');
  });

  it('says so when nothing matches, and escapes the query', async () => {
    const res = await site(`/search?q=${encodeURIComponent('<script>nothing</script>')}`);
    expect(res.text).toContain('No stories match “&lt;script&gt;nothing&lt;/script&gt;”.');
    expect(res.text).not.toContain('<script>nothing');
  });
});

describe('/beat/{slug}', () => {
  it('shows the beat, its published stories newest first in pages, with its head tags and a CollectionPage', async () => {
    const res = await site('/beat/local-news');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Local News – The Newsroom</title>');
    expect(meta(res.text, 'name', 'description')).toBe('Around town');
    expect(link(res.text, 'canonical')).toBe('http://newsroom.test/beat/local-news');
    expect(meta(res.text, 'property', 'og:url')).toBe('http://newsroom.test/beat/local-news');
    const [ld] = jsonLd(res.text);
    expect(ld).toMatchObject({ '@type': 'CollectionPage', name: 'Local News' });
    const view = DomUtils.getOuterHTML(main(res.text)!);
    expect(view.indexOf('Levee watch day 14')).toBeLessThan(view.indexOf('Levee watch day 13'));
    expect(view).not.toContain('draft not for readers');
    expect(hrefs(res.text)).toContain('/beat/local-news?page=2');
    const second = await site('/beat/local-news?page=2');
    expect(link(second.text, 'canonical')).toBe('http://newsroom.test/beat/local-news?page=2');
    expect(DomUtils.getOuterHTML(main(second.text)!)).toContain('Levee watch day 1<');
    expect((await site('/beat/no-such-beat')).status).toBe(404);
  });

  it('has an RSS feed of its own', async () => {
    const res = await site('/beat/local-news/rss.xml');
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.text).toContain('<title>Local News – The Newsroom</title>');
    expect(res.text).toContain('/story/levee-watch-day-14');
    expect((await site('/beat/politics/rss.xml')).text).not.toContain('<item>');
  });
});

describe('/author/{username}', () => {
  it('shows name, role, beats, bio and published stories, with a ProfilePage about a Person', async () => {
    const res = await site(`/author/${reporter.user.username}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Maya Okafor – The Newsroom</title>');
    expect(meta(res.text, 'name', 'description')).toBe(
      'Covers the &lt;river&gt; &amp; the levee.'.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    );
    const [ld] = jsonLd(res.text);
    expect(ld).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: 'Maya Okafor', alternateName: reporter.user.username, jobTitle: 'Reporter' },
    });
    const view = DomUtils.getOuterHTML(main(res.text)!);
    expect(view).toContain('Covers the &lt;river&gt; &amp; the levee.');
    expect(hrefs(res.text)).toContain('/beat/local-news');
    expect(hrefs(res.text)).toContain(`/author/${reporter.user.username}?page=2`);
    // The fediverse handle (@username@host) is public by design, and the tests' addresses are at the site's own host
    // (username@newsroom.test): the email must appear nowhere else.
    const handle = `@${reporter.user.username}@newsroom.test`;
    expect(res.text).toContain(handle);
    expect(res.text.replaceAll(handle, '')).not.toContain(reporter.user.email);
    expect((await site('/author/nobody')).status).toBe(404);
  });
});

describe('links between them', () => {
  it('links a story’s beat badge and byline, and ends it with three related stories from its beat', async () => {
    const story = stories[0]!;
    const res = await site(`/story/${story.slug}`);
    const links = hrefs(res.text);
    expect(links).toContain('/beat/local-news');
    expect(links).toContain(`/author/${reporter.user.username}`);
    const related = DomUtils.findOne((el) => el.name === 'section' && el.attribs.class === 'related page', [main(res.text)!], true)!;
    const titles = DomUtils.findAll((el) => el.attribs.class === 'story-card-title', [related]).map((el) => DomUtils.textContent(el));
    expect(titles).toEqual(['Levee watch day 14', 'Levee watch day 13', 'Levee watch day 12']);
  });

  it('lists the beats that exist in the footer, and beat and author pages in the sitemap', async () => {
    const home = await site('/');
    const footer = DomUtils.findOne((el) => el.name === 'footer' && el.attribs.class === 'site-footer', doc(home.text).children, true)!;
    const footerLinks = DomUtils.findAll((el) => el.name === 'a', [footer]).map((el) => el.attribs.href);
    expect(footerLinks).toEqual(expect.arrayContaining(['/beat/local-news', '/beat/politics']));
    expect(footerLinks.some((href) => href?.startsWith('/beta?beat='))).toBe(false);
    const map = await site('/sitemap.xml');
    expect(map.text).toContain('<loc>http://newsroom.test/beat/local-news</loc>');
    expect(map.text).toContain(`<loc>http://newsroom.test/author/${reporter.user.username}</loc>`);
    void other;
    void updateStory;
  });
});
