import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, expectError, signUp, storedStory, storyPayload, updatePayload, updateStory } from './support/api.ts';

/** Slugs per docs/product/api.md: generated from the title by docs/product/rules.md#validation's rule, -2, -3 ... when taken; typed ones checked. */

let reporter: { token: string };
let admin: { token: string };

beforeAll(async () => {
  reporter = await signUp('reporter');
  admin = await signUp('admin');
});

const create = (overrides: Record<string, unknown>) =>
  api<Story>('/api/stories', { method: 'POST', token: reporter.token, json: storyPayload(overrides) });

describe('generated slugs', () => {
  it.each([
    ['Breaking: Mayor Resigns!', 'breaking-mayor-resigns'],
    ['  Spaces   and\ttabs\n', 'spaces-and-tabs'],
    ['Rock -- & -- Roll', 'rock-roll'],
    ['--Edge hyphens--', 'edge-hyphens'],
    ['Café in Zürich, 2025', 'caf-in-zrich-2025'],
    ['snake_case & dots.too', 'snakecase-dotstoo'],
  ])('%j becomes %j', async (title, slug) => {
    const res = await create({ title });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe(slug);
    expect((await api(`/api/stories/slug/${slug}`, { token: reporter.token })).body.id).toBe(res.body.id);
  });

  it('treats a blank or missing slug as "generate one"', async () => {
    expect((await create({ title: 'Blank slug given', slug: '' })).body.slug).toBe('blank-slug-given');
    expect((await create({ title: 'Null slug given', slug: null })).body.slug).toBe('null-slug-given');
    expect((await create({ title: 'Spaces slug given', slug: '   ' })).body.slug).toBe('spaces-slug-given');
  });

  it('adds -2, -3, ... while the generated slug is taken', async () => {
    const slugs = [];
    for (let i = 0; i < 4; i++) slugs.push((await create({ title: 'Budget Day' })).body.slug);
    expect(slugs).toEqual(['budget-day', 'budget-day-2', 'budget-day-3', 'budget-day-4']);
  });

  it('never reuses the slug of a deleted story (a restore must get its address back)', async () => {
    const first = (await create({ title: 'Gone Tomorrow', status: 'published' })).body;
    expect((await api(`/api/stories/${first.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expect((await create({ title: 'Gone Tomorrow' })).body.slug).toBe('gone-tomorrow-2');
    const restored = await api<Story>(`/api/stories/${first.id}/restore`, { method: 'POST', token: reporter.token });
    expect(restored.body.slug).toBe('gone-tomorrow');
    expect((await api(`/api/stories/slug/gone-tomorrow`)).body.id).toBe(first.id);
  });

  it('falls back to "story" when the title keeps no slug character', async () => {
    const slugs = [];
    for (const title of ['Новости дня', '!!!', '日本語のニュース']) slugs.push((await create({ title })).body.slug);
    expect(slugs).toEqual(['story', 'story-2', 'story-3']);
  });

  it('numbers the slugs of long headlines too (D1 refuses LIKE patterns over 50 bytes)', async () => {
    const title = 'Council approves the long-delayed riverside housing plan after a night of debate';
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      const res = await create({ title });
      expect(res.status, res.text).toBe(201);
      slugs.push(res.body.slug);
    }
    const base = 'council-approves-the-long-delayed-riverside-housing-plan-after-a-night-of-debate';
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('caps a slug at 255 characters, shortening the title part to make room for the suffix', async () => {
    const title = 'x'.repeat(255);
    const slugs = [];
    for (let i = 0; i < 4; i++) {
      const res = await create({ title });
      expect(res.status, res.text).toBe(201);
      slugs.push(res.body.slug);
    }
    expect(slugs).toEqual(['x'.repeat(255), `${'x'.repeat(253)}-2`, `${'x'.repeat(253)}-3`, `${'x'.repeat(253)}-4`]);
  });
});

describe('typed slugs', () => {
  it('keeps a valid typed slug as it is, trimmed', async () => {
    expect((await create({ title: 'Whatever', slug: 'my-own-slug-2025' })).body.slug).toBe('my-own-slug-2025');
    expect((await create({ title: 'Whatever', slug: '  padded-slug ' })).body.slug).toBe('padded-slug');
  });

  it('refuses a typed slug another story has, with 409 slug_taken and nothing stored', async () => {
    const before = (await api('/api/stories', { token: admin.token })).headers.get('X-Total-Count');
    const error = expectError(await create({ title: 'Another', slug: 'my-own-slug-2025' }), 409, 'slug_taken');
    expect(error.fields).toEqual({ slug: 'That URL slug is already used by another story' });
    expect((await api('/api/stories', { token: admin.token })).headers.get('X-Total-Count')).toBe(before);
  });

  it('refuses a typed slug that another reporter’s draft has (drafts hold their slug too)', async () => {
    const other = await signUp('reporter');
    await createStory(other.token, { title: 'Secret', slug: 'secret-scoop', status: 'draft' });
    expectError(await create({ title: 'Mine', slug: 'secret-scoop' }), 409, 'slug_taken');
  });

  it.each([
    ['capitals', 'Hello-World'],
    ['a space', 'hello world'],
    ['an underscore', 'hello_world'],
    ['a leading hyphen', '-hello'],
    ['a trailing hyphen', 'hello-'],
    ['a double hyphen', 'hello--world'],
    ['accents', 'caf\u00e9'],
    ['a slash', 'news/today'],
    ['markup', '<b>x</b>'],
  ])('refuses a typed slug with %s', async (_case, slug) => {
    expect(expectError(await create({ slug }), 400, 'validation_failed').fields).toEqual({
      slug: 'Use lowercase letters, numbers and hyphens',
    });
  });

  it('refuses a typed slug over 255 characters', async () => {
    expect(expectError(await create({ slug: 'a'.repeat(256) }), 400, 'validation_failed').fields).toEqual({
      slug: 'Slug must be at most 255 characters',
    });
    expect((await create({ slug: 'b'.repeat(255) })).status).toBe(201);
  });

  it('answers 404 for a slug that is not one, or that no story has', async () => {
    expectError(await api('/api/stories/slug/Not%20A%20Slug'), 404, 'not_found');
    expectError(await api('/api/stories/slug/nobody-wrote-this'), 404, 'not_found');
  });
});

describe('slugs on update', () => {
  let story: Story;
  beforeAll(async () => {
    story = await createStory(reporter.token, { title: 'Original Headline', status: 'published' });
    expect(story.slug).toBe('original-headline');
  });

  it('stays as it is when the editor sends it back, even with a new title', async () => {
    story = await updateStory(reporter.token, story, { title: 'A Better Headline' });
    expect(story.slug).toBe('original-headline');
  });

  it('is regenerated from the title when sent blank, without counting the story’s own slug as taken', async () => {
    const same = await updateStory(reporter.token, story, { title: 'Original Headline', slug: '' });
    expect(same.slug).toBe('original-headline');
    story = await updateStory(reporter.token, same, { title: 'Completely New Words', slug: '' });
    expect(story.slug).toBe('completely-new-words');
    expectError(await api('/api/stories/slug/original-headline'), 404, 'not_found');
  });

  it('gets -2 when regenerated onto a slug another story has', async () => {
    await createStory(reporter.token, { title: 'Shared Words' });
    story = await updateStory(reporter.token, story, { title: 'Shared Words', slug: '' });
    expect(story.slug).toBe('shared-words-2');
  });

  it('moves to a new typed slug', async () => {
    story = await updateStory(reporter.token, story, { slug: 'moved-here' });
    expect(story.slug).toBe('moved-here');
    expect((await api('/api/stories/slug/moved-here')).body.id).toBe(story.id);
  });

  it('refuses a typed slug another story has, and changes nothing', async () => {
    const res = await api(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(story, { slug: 'shared-words', title: 'Not saved' }),
    });
    expectError(res, 409, 'slug_taken');
    expect(await storedStory(story.id)).toEqual(story);
  });
});

describe('slugs under concurrency', () => {
  it('gives every one of 25 simultaneous stories with one title its own slug', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => create({ title: 'Election Night Live' })));
    expect(results.map((r) => r.status)).toEqual(Array(25).fill(201));
    const slugs = results.map((r) => r.body.slug).sort();
    const expected = ['election-night-live', ...Array.from({ length: 24 }, (_, i) => `election-night-live-${i + 2}`)].sort();
    expect(slugs).toEqual(expected);
  });

  it('lets exactly one of several simultaneous stories have a typed slug; the rest get 409', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ title: 'Scoop', slug: 'the-scoop' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(7).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) expectError(res, 409, 'slug_taken');
  });
});
