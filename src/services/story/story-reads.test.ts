import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryFilter } from '../../domain/story/ports.ts';
import { aStory, aUser } from '../support/fakes.ts';
import { featuredStory, listStories, storyById, storyBySlug, type StoryReadDeps } from './story-reads.ts';

function newsroom(stories: Story[]) {
  const asked: StoryFilter[] = [];
  const deps: StoryReadDeps = {
    stories: {
      list: async (filter) => {
        asked.push(filter);
        return { items: stories, total: stories.length };
      },
      findFeatured: async () => stories.find((story) => story.isFeatured) ?? null,
      findBySlug: async (slug) => stories.find((story) => story.slug === slug) ?? null,
      findById: async (id) => stories.find((story) => story.id === id) ?? null,
    },
  };
  return { deps, asked };
}

const gated = aStory({ id: 2, slug: 'paid', access: 'paid', isFeatured: true, content: '<p>One</p><p>Two</p><p>Three</p><p>Four</p>' });

describe('reading stories through the API', () => {
  it('lists by who asks: readers the published ones, a gated one cut to its opening; staff whole', async () => {
    const { deps, asked } = newsroom([gated]);
    const read = await listStories(deps, null, { limit: 10, offset: 0 });
    expect(asked[0]!.scope).toEqual({ kind: 'published' });
    expect(read.items[0]).toMatchObject({ id: 2, gated: true });
    expect(read.items[0]!.content).not.toContain('Four');
    const staff = await listStories(deps, aUser({ role: 'admin' }), { limit: 10, offset: 0 });
    expect(asked[1]!.scope).toEqual({ kind: 'all' });
    expect(staff.items[0]!.content).toContain('Four');
    expect(await featuredStory(deps, null)).toMatchObject({ id: 2, gated: true });
  });

  it('finds one by slug or id for whoever may see it; a draft is someone else’s 404, and a slug no story could have asks nothing', async () => {
    const draft = aStory({ id: 3, slug: 'draft', status: 'draft', authorId: 1 });
    const { deps } = newsroom([gated, draft]);
    expect((await storyBySlug(deps, null, 'paid')).id).toBe(2);
    await expect(storyBySlug(deps, null, 'draft')).rejects.toBeInstanceOf(NotFoundError);
    await expect(storyById(deps, aUser({ id: 2 }), 3)).rejects.toBeInstanceOf(NotFoundError);
    expect((await storyById(deps, aUser({ id: 1 }), 3)).id).toBe(3);
    await expect(storyBySlug(deps, null, '../etc')).rejects.toBeInstanceOf(NotFoundError);
  });
});
