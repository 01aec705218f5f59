import { describe, expect, it } from 'vitest';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import { aUser, NOW } from '../support/fakes.ts';
import { listNewsletters } from './manage-newsletters.ts';

const aNewsletter = (id: number, isActive = true): Newsletter => ({
  id,
  slug: `n${id}`,
  name: `Newsletter ${id}`,
  description: '',
  beat: null,
  senderName: null,
  isActive,
  createdAt: NOW,
  updatedAt: NOW,
});

describe('the list of newsletters', () => {
  const held = [aNewsletter(1), aNewsletter(2, false)];
  const deps = {
    newsletters: {
      list: async ({ all = false } = {}) => held.filter((newsletter) => all || newsletter.isActive),
      subscriberCounts: async () => new Map([[1, 7]]),
    },
  };

  it('is the active ones for readers, without counts; staff see the subscribers; only an admin asking gets the inactive ones', async () => {
    expect(await listNewsletters(deps, null, true)).toEqual([expect.not.objectContaining({ subscribers: expect.anything() })]);
    expect((await listNewsletters(deps, null, true)).map((one) => one.id)).toEqual([1]);
    expect(await listNewsletters(deps, aUser(), true)).toMatchObject([{ id: 1, subscribers: 7 }]);
    expect((await listNewsletters(deps, aUser({ role: 'admin' }), true)).map((one) => [one.id, one.subscribers])).toEqual([
      [1, 7],
      [2, 0],
    ]);
    expect(await listNewsletters(deps, aUser({ role: 'admin' }), false)).toHaveLength(1);
  });
});
