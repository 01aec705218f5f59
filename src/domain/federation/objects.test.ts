import { describe, expect, it } from 'vitest';
import { hashtagOf, localObjectOf, objectPath, parseObjectId } from './objects.ts';

describe('hashtags and addresses', () => {
  it('makes hashtags of beat names', () => {
    expect(hashtagOf('Breaking News')).toBe('#BreakingNews');
    expect(hashtagOf('city-hall & budget')).toBe('#CityHallBudget');
    expect(hashtagOf('Élections 2026')).toBe('#Élections2026');
    expect(hashtagOf('—')).toBeNull();
  });

  it('gives a deleted object published again an address of its own, and reads addresses back', () => {
    expect(objectPath('story', 12, 1)).toBe('/ap/articles/12');
    expect(objectPath('story', 12, 2)).toBe('/ap/articles/12-2');
    expect(objectPath('update', 40, 1)).toBe('/ap/notes/40');
    expect(parseObjectId('12-2')).toEqual({ ref: 12, generation: 2 });
    expect(parseObjectId('12')).toEqual({ ref: 12, generation: 1 });
    for (const bad of ['0', '12-1', '12-', 'x', '-3', '12-0']) expect(parseObjectId(bad), bad).toBeNull();
    expect(localObjectOf('https://news.example/ap/notes/40', 'https://news.example')).toEqual({ kind: 'update', ref: 40, generation: 1 });
    expect(localObjectOf('https://other.example/ap/articles/12', 'https://news.example')).toBeNull();
    expect(localObjectOf('https://news.example/story/levee', 'https://news.example')).toBeNull();
    expect(localObjectOf(null, 'https://news.example')).toBeNull();
  });
});
