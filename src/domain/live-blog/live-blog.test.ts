import { describe, expect, it } from 'vitest';
import { coverageStartTime, isCoverageLive, newUpdatesLabel, updateHeadline, updateText, updateTime, updateView } from './live-blog.ts';
import { liveBlogFeedQuerySchema, liveBlogUpdateEditSchema, liveBlogUpdateSchema } from './schemas.ts';
import { storyUpdateSchema } from '../story/schemas.ts';

describe('how an update reads', () => {
  it('as plain text: inline markup joins words, blocks part them, entities are decoded', () => {
    expect(updateText('<p>Polls close in <strong>the east</strong>.</p><p>Counting&nbsp;starts &amp; ends</p>')).toBe(
      'Polls close in the east. Counting starts & ends',
    );
    expect(updateText('<ul><li>One</li><li>Two</li></ul>')).toBe('One Two');
    expect(updateText('<p><img src="/a.png" alt="x"></p>')).toBe('');
  });

  it('as one line: its first words, within 110 characters, cut at a word', () => {
    expect(updateHeadline('Short')).toBe('Short');
    const long = `${'word '.repeat(40)}end`;
    const line = updateHeadline(long);
    expect(line.length).toBeLessThanOrEqual(110);
    expect(line.endsWith('word…')).toBe(true);
  });

  it('its time: the clock on the day it is read, the day too before; the worker marks UTC', () => {
    const now = '2026-11-24T18:00:00.000Z';
    expect(updateTime('2026-11-24T14:05:09.000Z', now, 'UTC')).toBe('14:05 UTC');
    expect(updateTime('2026-11-23T09:30:00.000Z', now, 'UTC')).toBe('23 Nov, 09:30 UTC');
    expect(updateTime('2026-11-24T14:05:00.000Z', '2026-11-24T14:30:00.000Z', 'Asia/Tokyo')).toBe('23:05');
    expect(updateTime('2026-11-24T14:05:00.000Z', now, 'Asia/Tokyo')).toBe('24 Nov, 23:05');
  });

  it('with its byline: first and last name when both exist, else the username', () => {
    const update = { id: 7, body: '<p>Hi</p>', keyEvent: true, pinned: false, createdAt: '2026-11-24T14:05:00.000Z' };
    expect(updateView({ ...update, author: { id: 1, username: 'ada', firstName: 'Ada', lastName: 'Obi' } }, '14:05').author).toBe(
      'Ada Obi',
    );
    expect(updateView({ ...update, author: { id: 1, username: 'ada', firstName: 'Ada', lastName: null } }, '14:05')).toMatchObject({
      author: 'ada',
      headline: 'Hi',
      keyEvent: true,
    });
  });

  it('counts new updates for the button', () => {
    expect(newUpdatesLabel(1)).toBe('1 new update');
    expect(newUpdatesLabel(4)).toBe('4 new updates');
  });
});

describe('coverage', () => {
  it('is live only for a live blog marked live, and starts at the first publication', () => {
    expect(isCoverageLive({ format: 'liveblog', coverage: 'live' })).toBe(true);
    expect(isCoverageLive({ format: 'liveblog', coverage: 'ended' })).toBe(false);
    expect(isCoverageLive({ format: 'article', coverage: null })).toBe(false);
    expect(coverageStartTime({ publishedAt: '2026-01-02T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' })).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(coverageStartTime({ publishedAt: null, createdAt: '2026-01-01T00:00:00.000Z' })).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('the live blog schemas', () => {
  it('default the flags to false and take only booleans', () => {
    expect(liveBlogUpdateSchema.parse({ body: '<p>x</p>' })).toEqual({ body: '<p>x</p>', keyEvent: false, pinned: false });
    expect(liveBlogUpdateSchema.safeParse({ body: 'x', pinned: 'true' }).success).toBe(false);
    expect(liveBlogUpdateEditSchema.parse({ pinned: true, version: 3 })).toEqual({ pinned: true, version: 3 });
    expect(liveBlogUpdateEditSchema.safeParse({ body: 'x' }).success).toBe(false);
  });

  it('read the feed’s cursors and limits, and refuse after and before together', () => {
    expect(liveBlogFeedQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(liveBlogFeedQuerySchema.parse({ after: '0', limit: '100', keyEvent: 'true' })).toEqual({ after: 0, limit: 100, keyEvent: true });
    for (const query of [{ after: '01' }, { after: '1e3' }, { before: '0' }, { limit: '101' }, { after: '1', before: '2' }]) {
      expect(liveBlogFeedQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('leave a saved story’s format out unless the caller sends one', () => {
    const save = { title: 'T', description: 'D', content: '<p>C</p>', version: 1 };
    expect(storyUpdateSchema.parse(save).format).toBeUndefined();
    expect(storyUpdateSchema.parse({ ...save, format: 'liveblog' }).format).toBe('liveblog');
  });
});
