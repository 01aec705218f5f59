import { describe, expect, it } from 'vitest';
import { beatIdOf, beatSlugOf, beatTopicKey, pushTopicHeader, topicOfKey } from './topics.ts';

describe('alert topics', () => {
  it('keeps beats by id and spells them by slug', () => {
    expect(beatSlugOf('beat:flood-watch')).toBe('flood-watch');
    expect(beatSlugOf('breaking')).toBeNull();
    expect(beatIdOf(beatTopicKey(12))).toBe(12);
    expect(topicOfKey('beat:12', new Map([[12, 'courts']]))).toBe('beat:courts');
    expect(topicOfKey('beat:13', new Map())).toBeNull();
    expect(topicOfKey('breaking', new Map())).toBe('breaking');
  });

  it('makes a Topic header RFC 8030 takes (at most 32 URL-safe base64 characters)', () => {
    for (const key of ['breaking', 'beat:1', 'beat:9007199254740991'] as const)
      expect(pushTopicHeader(key)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });
});
