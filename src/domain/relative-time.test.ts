import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says "just now" under a minute, and for a time in the future', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(-30), now)).toBe('just now');
  });

  it('counts whole minutes, hours and days, singular and plural', () => {
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(119), now)).toBe('1 minute ago');
    expect(relativeTime(ago(120), now)).toBe('2 minutes ago');
    expect(relativeTime(ago(3599), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(5 * 3600), now)).toBe('5 hours ago');
    expect(relativeTime(ago(86_399), now)).toBe('23 hours ago');
    expect(relativeTime(ago(86_400), now)).toBe('1 day ago');
    expect(relativeTime(ago(40 * 86_400), now)).toBe('40 days ago');
  });
});
