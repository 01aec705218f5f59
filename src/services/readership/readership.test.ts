import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { CountedView, ReadershipRows } from '../../domain/readership/readership.ts';
import type { ReadershipScope } from '../../domain/readership/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import { aStory, aStream, aUser, fixedClock } from '../support/fakes.ts';
import { countView, type CountViewDeps } from './count-view.ts';
import { dashboardFigures, reporterFigures } from './dashboard-figures.ts';
import { siteReadership } from './site-readership.ts';
import { storyReadership, storyStreams } from './story-readership.ts';
import { streamAudience } from './stream-audience.ts';

const author = aUser({ id: 1, username: 'maya' });
const admin = aUser({ id: 9, role: 'admin', username: 'ed' });
const stranger = aUser({ id: 5, username: 'sam' });
const noRows: ReadershipRows = { series: [], sources: [], referrers: [], devices: [] };

function readershipWorld(stories: Story[]) {
  const asked: ReadershipScope[] = [];
  const deps = {
    clock: fixedClock,
    stories: {
      findById: async (id: number) => stories.find((story) => story.id === id) ?? null,
      findDeletedFacts: async () => null,
    },
    readership: {
      rows: async (scope: ReadershipScope) => (asked.push(scope), noRows),
      storyStreams: async () => [],
      topStories: async () => [],
      beats: async () => [],
      audienceMinutes: async () => [],
    },
    liveStreams: { findById: async (id: number) => (id === 7 ? aStream({ id: 7, storyId: 1 }) : null) },
  };
  return { deps, asked };
}

describe('a story’s readership', () => {
  it('is for its author and admins; anyone else is told there is no such story', async () => {
    const { deps, asked } = readershipWorld([aStory({ id: 1, authorId: 1 })]);
    expect((await storyReadership(deps, author, 1, {})).total).toBe(0);
    await storyReadership(deps, admin, 1, {});
    expect(asked).toEqual([
      { kind: 'story', storyId: 1 },
      { kind: 'story', storyId: 1 },
    ]);
    await expect(storyReadership(deps, stranger, 1, {})).rejects.toThrow(NotFoundError);
    await expect(storyStreams(deps, null, 1)).rejects.toThrow(NotFoundError);
    await expect(storyReadership(deps, author, 2, {})).rejects.toThrow(NotFoundError);
  });

  it('refuses a range it cannot read (400) before it looks the story up', async () => {
    const { deps } = readershipWorld([]);
    await expect(storyReadership(deps, author, 1, { from: 'yesterday' })).rejects.toThrow(ValidationError);
  });

  it('a stream’s audience likewise: its story’s author and admins only', async () => {
    const { deps } = readershipWorld([aStory({ id: 1, authorId: 1 })]);
    expect(await streamAudience(deps, author, 7)).toMatchObject({ peakViewers: 0, viewerMinutes: 0 });
    await expect(streamAudience(deps, stranger, 7)).rejects.toThrow(NotFoundError);
    await expect(streamAudience(deps, admin, 8)).rejects.toThrow(NotFoundError);
  });

  it('the site’s report has its top stories and beats beside the figures', async () => {
    const { deps, asked } = readershipWorld([]);
    expect(await siteReadership(deps, {})).toMatchObject({ total: 0, topStories: [], beats: [] });
    expect(asked).toEqual([{ kind: 'site' }]);
  });
});

describe('countView', () => {
  function viewWorld(stories: Story[]) {
    const counted: CountedView[] = [];
    const deps: CountViewDeps = {
      clock: fixedClock,
      stories: { findById: async (id) => stories.find((story) => story.id === id) ?? null },
      readership: {
        viewableStory: async (id) => {
          const story = stories.find((s) => s.id === id && s.status === 'published');
          return story ? { views: story.views } : null;
        },
      },
      views: {
        count: async (view, stored) => (counted.push(view), stored + counted.length),
        totals: async () => new Map([[1, 41]]),
      },
    };
    return { deps, counted };
  }
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

  it('counts a reader’s view with its hour, source and device, and answers the count', async () => {
    const { deps, counted } = viewWorld([aStory({ id: 1, views: 40 })]);
    const views = await countView(deps, null, 1, { referrer: 'https://www.google.com/', userAgent: phone, siteHost: 'news.example' });
    expect(views).toBe(41);
    expect(counted).toEqual([
      { storyId: 1, hour: '2026-05-01T12:00:00.000Z', source: 'search', referrerHost: 'google.com', device: 'mobile' },
    ]);
  });

  it('counts a view reached by a newsletter’s link (utm_medium=email) as email, with the referrer’s host', async () => {
    const { deps, counted } = viewWorld([aStory({ id: 1, views: 40 })]);
    await countView(deps, null, 1, {
      referrer: 'https://mail.google.com/',
      utmMedium: 'email',
      userAgent: phone,
      siteHost: 'news.example',
    });
    expect(counted).toEqual([
      { storyId: 1, hour: '2026-05-01T12:00:00.000Z', source: 'email', referrerHost: 'mail.google.com', device: 'mobile' },
    ]);
  });

  it('answers a bot the count without counting it', async () => {
    const { deps, counted } = viewWorld([aStory({ id: 1, views: 40 })]);
    expect(
      await countView(deps, null, 1, { referrer: '', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)', siteHost: 'x' }),
    ).toBe(41);
    expect(counted).toEqual([]);
  });

  it('counts nothing for a story that is not published: its author gets its count, anyone else 404', async () => {
    const { deps, counted } = viewWorld([aStory({ id: 2, authorId: 1, status: 'draft', views: 3 })]);
    expect(await countView(deps, author, 2, { referrer: null, userAgent: phone, siteHost: 'x' })).toBe(3);
    await expect(countView(deps, null, 2, { referrer: null, userAgent: phone, siteHost: 'x' })).rejects.toThrow(NotFoundError);
    expect(counted).toEqual([]);
  });
});

describe('the dashboards’ figures', () => {
  it('add up what the repositories count', async () => {
    const figures = await dashboardFigures({
      clock: fixedClock,
      users: { countActive: async (role) => (role === 'reporter' ? 4 : 0) },
      stories: { countCreatedSince: async (since) => (since === '2026-04-24T12:00:00.000Z' ? 6 : 0), totalViews: async () => 1200 },
      liveStreams: { countActive: async () => 1 },
    });
    expect(figures).toEqual({ activeReporters: 4, storiesThisWeek: 6, liveStreams: 1, totalViews: 1200 });
    const mine = await reporterFigures(
      {
        stories: { authorFigures: async () => ({ published: 3, drafts: 2, inReview: 1, scheduled: 0, totalViews: 90 }) },
        liveStreams: { countForAuthor: async () => 2 },
        beats: { listAssigned: async () => [{ id: 1, name: 'Politics', slug: 'politics', description: null, createdAt: '' }] },
      },
      1,
    );
    expect(mine).toEqual({
      publishedStories: 3,
      draftStories: 2,
      inReviewStories: 1,
      scheduledStories: 0,
      liveStreams: 2,
      totalViews: 90,
      beats: [{ id: 1, name: 'Politics' }],
    });
  });
});
