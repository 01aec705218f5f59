import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import type { Story } from '../../domain/story/entities.ts';
import { aStory, aUser } from '../support/fakes.ts';
import { fediverseOverview, federableStory, refusedSender, storyInFediverse, type FediverseDeskDeps } from './fediverse-desk.ts';

function desk(stories: Story[], siteOrigin: string | null = null) {
  const deps: FediverseDeskDeps & { fediverse: { blocks: { isBlocked: (host: string, actor: string | null) => Promise<boolean> } } } = {
    siteOrigin,
    settings: { get: async () => ({ handle: 'news', origin: null }), put: async () => undefined },
    storedStories: {
      list: async (filter) => {
        const items = stories.filter((story) => story.status === 'published' && story.authorId === filter.authorId);
        return { items, total: items.length };
      },
      findById: async (id) => stories.find((story) => story.id === id) ?? null,
    },
    fediverse: {
      followers: { count: async (account) => (account === 'newsroom' ? 12 : 3) },
      replies: {
        list: async () => ({ items: [], total: 4 }),
        counts: async () => ({ pending: 1, approved: 2, hidden: 0 }),
      },
      reactions: { counts: async () => ({ likes: 5, boosts: 6 }) },
      blocks: { list: async () => [], isBlocked: async (host) => host === 'spam.example' },
      outbox: { forStory: async () => [] },
    },
  };
  return deps;
}

describe('the Fediverse tab', () => {
  it('shows the newsroom’s address and followers, the caller’s own once they published, and the waiting replies to admins', async () => {
    const deps = desk([aStory({ authorId: 1 })]);
    const maya = aUser({ id: 1, username: 'maya' });
    expect(await fediverseOverview(deps, maya, 'https://news.example')).toEqual({
      newsroom: { address: '@news@news.example', followers: 12 },
      me: { address: '@maya@news.example', followers: 3 },
      pendingReplies: null,
    });
    const admin = aUser({ id: 2, username: 'chief', role: 'admin' });
    expect(await fediverseOverview(desk([], 'https://site.example'), admin, 'http://127.0.0.1')).toEqual({
      newsroom: { address: '@news@site.example', followers: 12 },
      me: null,
      pendingReplies: 4,
    });
  });

  it('shows a story’s life there to its author and admins only', async () => {
    const deps = desk([aStory({ id: 10, authorId: 1 })]);
    expect(await storyInFediverse(deps, aUser({ id: 1 }), 10)).toEqual({
      likes: 5,
      boosts: 6,
      replies: { pending: 1, approved: 2, hidden: 0 },
      activities: [],
    });
    await expect(storyInFediverse(deps, aUser({ id: 2 }), 10)).rejects.toBeInstanceOf(NotFoundError);
    await expect(storyInFediverse(deps, aUser({ id: 1 }), 11)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the fediverse at the site’s own addresses', () => {
  it('finds a published story by slug or id; a draft is not in the fediverse', async () => {
    const stories = [aStory({ id: 10, slug: 'levee' }), aStory({ id: 11, slug: '' }), aStory({ id: 12, slug: 'draft', status: 'draft' })];
    const deps = {
      storedStories: {
        findBySlug: async (slug: string) => stories.find((s) => s.slug === slug) ?? null,
        findById: async (id: number) => stories.find((s) => s.id === id) ?? null,
      },
    };
    expect((await federableStory(deps, 'levee'))?.id).toBe(10);
    expect((await federableStory(deps, '11'))?.id).toBe(11);
    expect(await federableStory(deps, 'draft')).toBeNull();
  });

  it('refuses an activity from a blocked server among those it names', async () => {
    const deps = desk([]);
    expect(await refusedSender(deps, ['ok.example', 'spam.example'], null)).toBe(true);
    expect(await refusedSender(deps, ['ok.example'], null)).toBe(false);
  });
});
