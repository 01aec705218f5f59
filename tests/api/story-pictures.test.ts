import { describe, expect, it } from 'vitest';
import type { Story, StoryRevision, StoryRevisionSummary } from '../../src/domain/story/entities.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, createStory, signUp, updateStory } from './support/api.ts';
import { ORIGIN, siteApp } from './support/site-app.ts';

/**
 * Issue 19 items 10 and 12: a story's picture has alt text, a caption and a credit (plain text,
 * saved like the other fields, kept in revisions); the story page shows caption and credit; every
 * page with a preview picture gives its alt text; twitter:site and twitter:creator come from the
 * site's and the author's handles when there are any.
 */
const site = siteApp();
const PICTURE = '/media/images/2026/11/0b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.jpg';
const meta = (html: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
const words = {
  featuredImageAlt: 'Sandbags stacked along the river wall at dawn',
  featuredImageCaption: 'Volunteers filled 4,000 sandbags overnight.',
  featuredImageCredit: 'Photograph: Maya Okafor/The Newsroom',
};

describe('a story picture’s words', () => {
  it('are saved with the story as plain text on one line, and say which is too long', async () => {
    const { token } = await signUp('reporter');
    const story = await createStory(token, {
      featuredImageUrl: PICTURE,
      featuredImageAlt: '  Sandbags <b>stacked</b>\n along the wall  ',
      featuredImageCaption: 'Volunteers & crews',
      featuredImageCredit: '',
    });
    expect(story).toMatchObject({
      featuredImageAlt: 'Sandbags <b>stacked</b> along the wall',
      featuredImageCaption: 'Volunteers & crews',
      featuredImageCredit: null,
    });
    const read = (await api<Story>(`/api/stories/${story.id}`, { token })).body;
    expect(read.featuredImageAlt).toBe('Sandbags <b>stacked</b> along the wall');

    const tooLong = await api('/api/stories', {
      method: 'POST',
      token,
      json: {
        title: 'Too long',
        description: 'd',
        content: '<p>c</p>',
        featuredImageAlt: 'a'.repeat(301),
        featuredImageCaption: 'c'.repeat(501),
        featuredImageCredit: 'r'.repeat(201),
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toMatchObject({
      featuredImageAlt: 'Alt text must be at most 300 characters',
      featuredImageCaption: 'A caption must be at most 500 characters',
      featuredImageCredit: 'A credit must be at most 200 characters',
    });
    const atTheLimit = await createStory(token, {
      featuredImageAlt: 'a'.repeat(300),
      featuredImageCaption: 'c'.repeat(500),
      featuredImageCredit: 'r'.repeat(200),
    });
    expect(atTheLimit.featuredImageCredit).toHaveLength(200);
    const notText = await api('/api/stories', {
      method: 'POST',
      token,
      json: { title: 'Not text', description: 'd', content: '<p>c</p>', featuredImageAlt: 42 },
    });
    expect(notText.status).toBe(400);
  });

  it('are kept in revisions, and a restore brings them back with the picture', async () => {
    const { token } = await signUp('reporter');
    const first = await createStory(token, { title: 'Pictures in history', featuredImageUrl: PICTURE, ...words });
    const second = await updateStory(token, first, {
      title: 'Pictures in history, changed',
      featuredImageAlt: 'Another picture',
      featuredImageCaption: null,
      featuredImageCredit: null,
    });
    expect(second).toMatchObject({ featuredImageAlt: 'Another picture', featuredImageCaption: null });
    const list = (await api<StoryRevisionSummary[]>(`/api/stories/${first.id}/revisions`, { token })).body;
    const oldest = list.at(-1)!;
    const revision = (await api<StoryRevision>(`/api/stories/${first.id}/revisions/${oldest.id}`, { token })).body;
    expect(revision).toMatchObject({ featuredImageUrl: PICTURE, ...words });
    const restored = await api<Story>(`/api/stories/${first.id}/revisions/${oldest.id}/restore`, {
      method: 'POST',
      token,
      json: { version: second.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: 'Pictures in history', ...words });
  });

  it('show under the picture on the story page, and are its alt text and its preview’s', async () => {
    const { token } = await signUp('reporter');
    const story = await createStory(token, {
      title: 'Levee <holds>',
      status: 'published',
      featuredImageUrl: PICTURE,
      ...words,
      featuredImageCaption: 'Crews & <volunteers> worked overnight.',
    });
    const html = (await site(`/story/${story.slug}`)).text;
    const figure = html.slice(html.indexOf('<figure class="article-figure">'), html.indexOf('</figure>') + 9);
    expect(figure).toContain(`alt="${words.featuredImageAlt}"`);
    expect(figure).toContain(`srcset="${PICTURE}?w=320 320w, ${PICTURE}?w=480 480w,`);
    expect(figure).toContain('sizes="(max-width: 46rem) calc(100vw - 2.5rem), 696px"');
    expect(figure).toContain('fetchpriority="high"');
    expect(figure).toContain(
      '<figcaption class="article-figcaption"><span class="picture-caption">Crews &amp; &lt;volunteers&gt; worked overnight.</span> <span class="picture-credit">Photograph: Maya Okafor/The Newsroom</span></figcaption>',
    );
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}${PICTURE}?w=1280`);
    expect(meta(html, 'property', 'og:image:alt')).toBe(words.featuredImageAlt);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}${PICTURE}?w=1280`);
    expect(meta(html, 'name', 'twitter:image:alt')).toBe(words.featuredImageAlt);

    // Without alt text the preview's is the story's title.
    const bare = await createStory(token, { title: 'Bare picture', status: 'published', featuredImageUrl: PICTURE });
    const bareHtml = (await site(`/story/${bare.slug}`)).text;
    expect(meta(bareHtml, 'property', 'og:image:alt')).toBe('Bare picture');
    expect(bareHtml).not.toContain('article-figcaption');
  });
});

describe('link previews', () => {
  it('give alt text to the preview picture of every page that has one', async () => {
    const { token, user } = await signUp('reporter');
    const beat = await createBeat(site.deps, { name: 'Previews', description: null });
    const story = await createStory(token, { status: 'published', beatId: beat.id });
    for (const path of ['/', `/story/${story.slug}`, `/beat/${beat.slug}`, `/author/${user.username}`]) {
      const html = (await site(path)).text;
      expect(meta(html, 'property', 'og:image'), path).toBe(`${ORIGIN}/og-image.png`);
      expect(meta(html, 'property', 'og:image:alt'), path).toMatch(/^The Newsroom’s logo/);
      expect(meta(html, 'name', 'twitter:image:alt'), path).toBe(meta(html, 'property', 'og:image:alt'));
      expect(html, path).not.toContain('twitter:site');
    }
  });

  it('name the site’s handle and the author’s on X when there are any', async () => {
    const admin = await signUp('admin');
    const reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
    const beat = await createBeat(site.deps, { name: 'Handles', description: null });
    const story = await createStory(reporter.token, { status: 'published', beatId: beat.id });

    expect((await api('/api/settings/social', { method: 'PUT', token: reporter.token, json: { xHandle: 'TheNewsroom' } })).status).toBe(
      403,
    );
    const refused = await api('/api/settings/social', { method: 'PUT', token: admin.token, json: { xHandle: 'not a handle' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.xHandle).toBe('An X handle is @ and up to 15 letters, digits or underscores');
    const set = await api('/api/settings/social', { method: 'PUT', token: admin.token, json: { xHandle: 'TheNewsroom' } });
    expect(set.body).toEqual({ xHandle: '@TheNewsroom' });
    expect((await api('/api/settings/social')).body).toEqual({ xHandle: '@TheNewsroom' });

    const profile = await api(`/api/users/${reporter.user.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { xHandle: '@maya_okafor' },
    });
    expect(profile.body.xHandle).toBe('@maya_okafor');
    for (const path of ['/', `/story/${story.slug}`, `/beat/${beat.slug}`, `/author/${reporter.user.username}`]) {
      expect(meta((await site(path)).text, 'name', 'twitter:site'), path).toBe('@TheNewsroom');
    }
    expect(meta((await site(`/story/${story.slug}`)).text, 'name', 'twitter:creator')).toBe('@maya_okafor');
    expect(meta((await site(`/author/${reporter.user.username}`)).text, 'name', 'twitter:creator')).toBe('@maya_okafor');
    expect(meta((await site('/')).text, 'name', 'twitter:creator')).toBeUndefined();
    expect((await api(`/api/users/by-username/${reporter.user.username}/profile`)).body.xHandle).toBe('@maya_okafor');
  });
});
