import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import type { Story } from '../../domain/story/entities.ts';
import { aStory, aUser, fixedClock } from '../support/fakes.ts';
import { deleteStory, restoreStory, type StoryTrashDeps } from './story-trash.ts';

/** Stories in memory, deleted ones apart; each write keeps its audit entries. */
function trash(stories: Story[]) {
  const deleted: Story[] = [];
  const audit: AuditEntry[] = [];
  const deps: StoryTrashDeps = {
    clock: fixedClock,
    stories: {
      findById: async (id) => stories.find((story) => story.id === id) ?? null,
      softDelete: async (id, _now, entries = []) => {
        const at = stories.findIndex((story) => story.id === id);
        if (at < 0) return false;
        deleted.push(...stories.splice(at, 1));
        audit.push(...entries);
        return true;
      },
      findDeletedFacts: async (id) => deleted.find((story) => story.id === id) ?? null,
      restore: async (id, _now, entries = []) => {
        const at = deleted.findIndex((story) => story.id === id);
        if (at < 0) return null;
        const [story] = deleted.splice(at, 1);
        stories.push(story!);
        audit.push(...entries);
        return story!;
      },
    },
  };
  return { deps, stories, deleted, audit };
}

describe('deleting and restoring a story', () => {
  const author = aUser({ id: 1 });
  const colleague = aUser({ id: 2 });
  const admin = aUser({ id: 3, role: 'admin' });

  it('lets its author delete it and bring it back, each audited with its status', async () => {
    const { deps, stories, audit } = trash([aStory({ id: 10, authorId: 1, status: 'draft' })]);
    await deleteStory(deps, author, 10);
    expect(stories).toEqual([]);
    expect((await restoreStory(deps, author, 10)).id).toBe(10);
    expect(audit).toEqual([
      { action: 'story.deleted', actorId: 1, target: null, detail: { status: 'draft' } },
      { action: 'story.restored', actorId: 1, target: null, detail: { status: 'draft' } },
    ]);
  });

  it('refuses a colleague: a published story is theirs to read, not to delete; a draft of someone else’s is not theirs to see', async () => {
    const { deps, stories, audit } = trash([aStory({ id: 10, authorId: 1 }), aStory({ id: 11, authorId: 1, status: 'draft' })]);
    await expect(deleteStory(deps, colleague, 10)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteStory(deps, colleague, 11)).rejects.toBeInstanceOf(NotFoundError);
    expect(stories).toHaveLength(2);
    expect(audit).toEqual([]);
  });

  it('restores a deleted story only for whoever could edit it: an admin may, a colleague or nobody gets 404', async () => {
    const { deps } = trash([aStory({ id: 10, authorId: 1 })]);
    await deleteStory(deps, admin, 10);
    await expect(restoreStory(deps, colleague, 10)).rejects.toBeInstanceOf(NotFoundError);
    await expect(restoreStory(deps, null, 10)).rejects.toBeInstanceOf(NotFoundError);
    await expect(restoreStory(deps, admin, 99)).rejects.toBeInstanceOf(NotFoundError);
    expect((await restoreStory(deps, admin, 10)).id).toBe(10);
  });
});
