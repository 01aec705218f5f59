import { describe, expect, it } from 'vitest';
import { STORY_TEXT_LIMIT_BYTES, storyTextOverflow, storyTooLongMessage, utf8Length } from './story-size.ts';

describe('a story row within D1 limits', () => {
  it('fits at the limit, counting UTF-8 bytes of all text fields', () => {
    const title = 'Ünïcode title'; // 15 bytes
    const content = 'x'.repeat(STORY_TEXT_LIMIT_BYTES - 15);
    expect(storyTextOverflow({ title, content, videoUrl: null })).toBeNull();
  });

  it('is refused a byte over, naming the largest field', () => {
    const overflow = storyTextOverflow({ title: 'é', description: 'x'.repeat(10), content: 'x'.repeat(STORY_TEXT_LIMIT_BYTES - 11) });
    expect(overflow).toEqual({ field: 'content', bytes: STORY_TEXT_LIMIT_BYTES + 1, limit: STORY_TEXT_LIMIT_BYTES });
    expect(storyTooLongMessage(overflow!)).toBe(`This story is too long to save: its text takes 1,984,001 bytes, at most 1,984,000`);
  });

  it('names the description when it is the largest', () => {
    expect(storyTextOverflow({ description: 'd'.repeat(20), content: 'c'.repeat(10) }, 25)?.field).toBe('description');
  });
});

describe('UTF-8 length', () => {
  it.each(['', 'plain', 'é', '€', '😀', 'a😀é€', '\ud800 lone', 'x\udc00'])('of %j matches TextEncoder', (text) => {
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
  });
});
