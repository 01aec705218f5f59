import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../domain/story/entities.ts';
import { applyStreamEnded } from './story-ended.ts';

const live = { id: 9, title: 'Levee watch', isLive: true, status: 'published', videoUrl: null } as Story;
const other = { id: 3, title: 'Other', isLive: false, status: 'published', videoUrl: null } as Story;

describe('applyStreamEnded', () => {
  it('turns every cached read of the story into the published recording, leaving other stories alone', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/stories/slug/levee-watch'], live);
    client.setQueryData(['/api/stories?authorId=1'], [other, live]);
    client.setQueryData(['/api/stories?status=published&limit=12&offset=0'], { items: [live], total: 1 });
    client.setQueryData(['/api/beats'], [{ id: 9, name: 'Not a story' }]);

    applyStreamEnded(client, 9, '/media/live/41.webm');

    const recorded = { ...live, isLive: false, status: 'published', videoUrl: '/media/live/41.webm' };
    expect(client.getQueryData(['/api/stories/slug/levee-watch'])).toEqual(recorded);
    expect(client.getQueryData(['/api/stories?authorId=1'])).toEqual([other, recorded]);
    expect(client.getQueryData(['/api/stories?status=published&limit=12&offset=0'])).toEqual({ items: [recorded], total: 1 });
    expect(client.getQueryData(['/api/beats'])).toEqual([{ id: 9, name: 'Not a story' }]);
    // Marked stale, to be read afresh next time, without a refetch now.
    expect(client.getQueryState(['/api/stories/slug/levee-watch'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/stories/slug/levee-watch'])?.fetchStatus).toBe('idle');
  });

  it('keeps the story’s video when the room sends no recording address', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/stories/9'], { ...live, videoUrl: '/media/earlier.webm' });
    applyStreamEnded(client, 9, null);
    expect(client.getQueryData<Story>(['/api/stories/9'])).toMatchObject({ isLive: false, videoUrl: '/media/earlier.webm' });
  });
});
