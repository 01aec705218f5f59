import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Correction, Story } from '../../../domain/story/entities.ts';
import { storyByIdQuery } from '../story-api.ts';
import { cacheCorrection, withCorrection } from './correction-cache.ts';

const earlier: Correction = { id: 1, note: 'The vote was on Tuesday.', createdAt: '2026-11-20T10:00:00.000Z' };
const added: Correction = { id: 2, note: 'The deputy was misnamed.', createdAt: '2026-11-23T09:30:00.000Z' };
const story = { id: 7, version: 4, updatedAt: '2026-11-21T08:00:00.000Z', corrections: [earlier] } as Story;

describe('withCorrection', () => {
  it('adds the correction at the end and moves updatedAt, leaving the version alone', () => {
    expect(withCorrection(story, added)).toMatchObject({ version: 4, updatedAt: added.createdAt, corrections: [earlier, added] });
  });

  it('never lists a correction twice, when the story read again already holds it', () => {
    const reread = { ...story, corrections: [earlier, added] };
    expect(withCorrection(reread, added).corrections).toEqual([earlier, added]);
    expect(withCorrection(withCorrection(story, added), added).corrections).toEqual([earlier, added]);
  });
});

describe('cacheCorrection', () => {
  it('puts the correction into the editor’s cached story, once', () => {
    const client = new QueryClient();
    const key = storyByIdQuery(7).queryKey;
    client.setQueryData(key, story);
    cacheCorrection(client, 7, added);
    cacheCorrection(client, 7, added);
    expect(client.getQueryData(key)?.corrections).toEqual([earlier, added]);
    expect(client.getQueryData(key)?.version).toBe(4);
  });

  it('leaves an uncached story uncached', () => {
    const client = new QueryClient();
    cacheCorrection(client, 8, added);
    expect(client.getQueryData(storyByIdQuery(8).queryKey)).toBeUndefined();
  });
});
