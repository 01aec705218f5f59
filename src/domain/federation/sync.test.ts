import { describe, expect, it } from 'vitest';
import { isStaleForFeeds, syncAction, type SentObject } from './sync.ts';

const sent = (patch: Partial<SentObject> = {}): SentObject => ({
  generation: 1,
  state: 'live',
  fingerprint: 'a',
  seq: 3,
  account: '7',
  ...patch,
});

describe('what followers are sent of an object', () => {
  it('creates what they never had', () => {
    expect(syncAction(null, 'a')).toEqual({ kind: 'create', generation: 1 });
  });

  it('updates what changed, and sends nothing for what did not', () => {
    expect(syncAction(sent(), 'b')).toEqual({ kind: 'update', generation: 1 });
    expect(syncAction(sent(), 'a')).toEqual({ kind: 'none' });
  });

  it('deletes what they may no longer have, as the account that sent it, once', () => {
    expect(syncAction(sent({ generation: 2 }), null)).toEqual({ kind: 'delete', generation: 2, account: '7' });
    expect(syncAction(sent({ state: 'deleted' }), null)).toEqual({ kind: 'none' });
    expect(syncAction(null, null)).toEqual({ kind: 'none' });
  });

  it('makes a new object of one published again after it was deleted', () => {
    expect(syncAction(sent({ state: 'deleted', generation: 2 }), 'a')).toEqual({ kind: 'create', generation: 3 });
  });
});

describe('what is news', () => {
  it('pushes a story first sent within a day of its publication, and keeps older ones out of feeds', () => {
    const now = '2026-05-02T12:00:00.000Z';
    expect(isStaleForFeeds({ kind: 'create', generation: 1 }, '2026-05-02T08:00:00.000Z', now)).toBe(false);
    expect(isStaleForFeeds({ kind: 'create', generation: 1 }, '2026-04-30T08:00:00.000Z', now)).toBe(true);
    // Published again on purpose after a Delete, or changed: always told.
    expect(isStaleForFeeds({ kind: 'create', generation: 2 }, '2026-04-30T08:00:00.000Z', now)).toBe(false);
    expect(isStaleForFeeds({ kind: 'update', generation: 1 }, '2026-04-30T08:00:00.000Z', now)).toBe(false);
  });
});
