import { describe, expect, it } from 'vitest';
import { fediverseHandle, newsroomHandleSchema, parseAccountId, readFediverseSettings } from './accounts.ts';
import { blockSchema, serverOf } from './moderation.ts';

describe('accounts and the newsroom handle', () => {
  it('names accounts by ids that never change', () => {
    expect(parseAccountId('newsroom')).toEqual({ kind: 'newsroom' });
    expect(parseAccountId('42')).toEqual({ kind: 'author', userId: 42 });
    for (const bad of ['0', '042', '-1', 'maya', '1e3', '99999999999999999']) expect(parseAccountId(bad), bad).toBeNull();
  });

  it('takes a handle as typed, lower case without its @', () => {
    expect(newsroomHandleSchema.parse('@CityDesk')).toBe('citydesk');
    expect(newsroomHandleSchema.parse(' city.desk ')).toBe('city.desk');
    for (const bad of ['', 'two words', '.dot', 'dash-', 'a'.repeat(31), 'ünïcode'])
      expect(newsroomHandleSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('reads the stored setting, defaulting what is missing or unreadable', () => {
    expect(readFediverseSettings(undefined)).toEqual({ handle: 'newsroom', origin: null });
    expect(readFediverseSettings({ origin: 'https://news.example' })).toEqual({ handle: 'newsroom', origin: 'https://news.example' });
    expect(readFediverseSettings({ handle: 'BAD HANDLE' })).toEqual({ handle: 'newsroom', origin: null });
    expect(fediverseHandle('newsroom', 'https://news.example')).toBe('@newsroom@news.example');
  });
});

describe('blocks', () => {
  it('takes a server as a host, whatever it was pasted as', () => {
    expect(serverOf('Mastodon.Example')).toBe('mastodon.example');
    expect(serverOf('https://mastodon.example/@someone')).toBe('mastodon.example');
    expect(serverOf('127.0.0.1:9021')).toBe('127.0.0.1:9021');
    for (const bad of ['not a host', '', 'https://', '-bad.example']) expect(serverOf(bad), bad).toBeNull();
  });

  it('takes an account as its address', () => {
    expect(blockSchema.safeParse({ kind: 'account', value: 'https://m.example/users/x' }).success).toBe(true);
    expect(blockSchema.safeParse({ kind: 'account', value: '@x@m.example' }).success).toBe(false);
    expect(blockSchema.safeParse({ kind: 'everyone', value: 'x' }).success).toBe(false);
  });
});
