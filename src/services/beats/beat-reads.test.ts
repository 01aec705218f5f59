import { describe, expect, it } from 'vitest';
import type { Beat } from '../../domain/beats/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { NOW } from '../support/fakes.ts';
import { beatBySlug, listBeats } from './beat-reads.ts';

describe('reading beats', () => {
  const politics: Beat = { id: 3, name: 'Politics', slug: 'politics', description: null, createdAt: NOW };
  let asked = 0;
  const deps = {
    beats: {
      list: async () => [politics],
      findBySlug: async (slug: string) => (asked++, slug === 'politics' ? politics : null),
    },
  };

  it('lists them, and finds one by slug; none is a 404, and a slug no beat could have asks nothing', async () => {
    expect(await listBeats(deps)).toEqual([politics]);
    expect(await beatBySlug(deps, 'politics')).toBe(politics);
    await expect(beatBySlug(deps, 'sports')).rejects.toBeInstanceOf(NotFoundError);
    const before = asked;
    await expect(beatBySlug(deps, 'Not A Slug')).rejects.toBeInstanceOf(NotFoundError);
    expect(asked).toBe(before);
  });
});
