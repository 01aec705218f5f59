import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, createStory, signUp, updateStory } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 19 item 5: public lists are newest first by the time a story went public. A draft written
 * first and published last leads them (docs/product/api-pictures.md, "Order of public lists").
 */
const site = siteApp();
const titles = (stories: Story[]) => stories.map((story) => story.title);
const positions = (html: string, names: string[]) => names.map((name) => html.indexOf(`>${name}</a>`));

describe('public lists', () => {
  it('put a story published late before those published earlier, wherever readers meet them', async () => {
    const reporter = await signUp('reporter');
    const beat = await createBeat(site.deps, { name: 'Order Desk', description: null });
    const lateDraft = await createStory(reporter.token, {
      title: 'Order: drafted first, published last',
      status: 'draft',
      beatId: beat.id,
    });
    await createStory(reporter.token, { title: 'Order: published first', status: 'published', beatId: beat.id });
    await createStory(reporter.token, { title: 'Order: published second', status: 'published', beatId: beat.id });
    await updateStory(reporter.token, lateDraft, { status: 'published' });
    const expected = ['Order: drafted first, published last', 'Order: published second', 'Order: published first'];

    // The API, asked for published stories, and as a reader without a token asks.
    const asked = await api<Story[]>(`/api/stories?status=published&beatId=${beat.id}`);
    expect(titles(asked.body)).toEqual(expected);
    const anonymous = await api<Story[]>(`/api/stories?beatId=${beat.id}`);
    expect(titles(anonymous.body)).toEqual(expected);
    // Staff lists of every status stay newest first by creation, as a newsroom's drafts are.
    const own = await api<Story[]>(`/api/stories?beatId=${beat.id}`, { token: reporter.token });
    expect(titles(own.body)).toEqual(['Order: published second', 'Order: published first', 'Order: drafted first, published last']);

    // The pages readers read: home, the beat's page, the author's page, the feeds.
    for (const path of ['/', `/beat/${beat.slug}`, `/author/${reporter.user.username}`]) {
      const found = positions((await site(path)).text, expected);
      expect(
        found.every((at) => at > 0),
        path,
      ).toBe(true);
      expect(found, path).toEqual([...found].sort((a, b) => a - b));
    }
    for (const path of ['/rss.xml', `/beat/${beat.slug}/rss.xml`]) {
      const rss = (await site(path)).text;
      const found = expected.map((title) => rss.indexOf(`<title>${title}</title>`));
      expect(
        found.every((at) => at > 0),
        path,
      ).toBe(true);
      expect(found, path).toEqual([...found].sort((a, b) => a - b));
    }
  });
});
