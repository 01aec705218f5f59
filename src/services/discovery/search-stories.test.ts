import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../domain/discovery/entities.ts';
import type { StorySearch } from '../../domain/discovery/ports.ts';
import { UnauthenticatedError } from '../../domain/errors.ts';
import { aUser, NOW } from '../support/fakes.ts';
import { searchStories } from './search-stories.ts';

function aHit(patch: Partial<SearchHit> & { authorId?: number } = {}): SearchHit {
  const { authorId = 1, ...rest } = patch;
  return {
    id: 10,
    slug: 'levee-breach',
    title: 'Levee breach',
    description: 'Water over the levee',
    snippet: 'Water over the levee',
    status: 'published',
    publishedAt: NOW,
    author: { id: authorId, firstName: 'Maya', lastName: 'Okafor', username: 'maya' },
    beat: null,
    ...rest,
  };
}

/** An index over a few stories that keeps what it was asked: scope, beat and paging as the D1 index applies them. */
function inMemorySearch(stories: SearchHit[]): StorySearch & { asked: Parameters<StorySearch['search']>[0][] } {
  const asked: Parameters<StorySearch['search']>[0][] = [];
  return {
    asked,
    async search(query) {
      asked.push(query);
      const { scope, beatId, limit, offset } = query;
      const inScope = stories.filter(
        (story) =>
          (scope.kind === 'all' || (scope.kind === 'own' ? story.author.id === scope.authorId : story.status === 'published')) &&
          (beatId === undefined || story.beat?.id === beatId),
      );
      return { total: inScope.length, hits: inScope.slice(offset, offset + limit) };
    },
  };
}

const published = aHit({ id: 1, authorId: 1 });
const mayasDraft = aHit({ id: 2, authorId: 1, status: 'draft', publishedAt: null });
const tomsDraft = aHit({ id: 3, authorId: 2, status: 'draft', publishedAt: null, beat: { id: 7, name: 'Weather', slug: 'weather' } });
const page = { limit: 20, offset: 0 };

describe('searching stories', () => {
  it('a public search asks the index for published stories, with the words quoted as prefixes, never the raw text', async () => {
    const search = inMemorySearch([published, mayasDraft, tomsDraft]);
    const found = await searchStories({ search }, null, { text: 'levee OR title:x', scope: 'public', ...page });
    expect(found).toEqual({ total: 1, hits: [published] });
    expect(search.asked).toEqual([{ match: '"levee"* "OR"* "title"* "x"', scope: { kind: 'published' }, beatId: undefined, ...page }]);
  });

  it('a signed-in reader’s public search is still published stories only', async () => {
    const search = inMemorySearch([published, mayasDraft]);
    const found = await searchStories({ search }, aUser({ role: 'admin' }), { text: 'levee', scope: 'public', ...page });
    expect(found.hits.map((hit) => hit.id)).toEqual([1]);
  });

  it('a staff search looks through the dashboard’s scope: a reporter’s own stories, every story for an admin', async () => {
    const search = inMemorySearch([published, mayasDraft, tomsDraft]);
    const reporter = await searchStories({ search }, aUser({ id: 1, role: 'reporter' }), { text: 'levee', scope: 'staff', ...page });
    expect(reporter.hits.map((hit) => hit.id)).toEqual([1, 2]);
    const admin = await searchStories({ search }, aUser({ id: 9, role: 'admin' }), { text: 'levee', scope: 'staff', ...page });
    expect(admin.hits.map((hit) => hit.id)).toEqual([1, 2, 3]);
    expect(search.asked.map((query) => query.scope)).toEqual([{ kind: 'own', authorId: 1 }, { kind: 'all' }]);
  });

  it('a staff search without a signed-in user is refused before the index is asked, whatever the words', async () => {
    const search = inMemorySearch([published]);
    await expect(searchStories({ search }, null, { text: 'levee', scope: 'staff', ...page })).rejects.toThrow(UnauthenticatedError);
    await expect(searchStories({ search }, null, { text: '-&-', scope: 'staff', ...page })).rejects.toThrow(UnauthenticatedError);
    expect(search.asked).toEqual([]);
  });

  it('only separators, or nothing typed, find nothing without asking the index', async () => {
    const search = inMemorySearch([published]);
    expect(await searchStories({ search }, null, { text: '-&-', scope: 'public', ...page })).toEqual({ total: 0, hits: [] });
    expect(await searchStories({ search }, null, { text: '', scope: 'public', ...page })).toEqual({ total: 0, hits: [] });
    expect(search.asked).toEqual([]);
  });

  it('the beat and the page reach the index as asked', async () => {
    const search = inMemorySearch([published, mayasDraft, tomsDraft]);
    const admin = aUser({ role: 'admin' });
    expect((await searchStories({ search }, admin, { text: 'rain', scope: 'staff', beatId: 7, ...page })).hits).toEqual([tomsDraft]);
    const second = await searchStories({ search }, admin, { text: 'rain', scope: 'staff', limit: 1, offset: 1 });
    expect(second).toEqual({ total: 3, hits: [mayasDraft] });
  });
});
