import { describe, expect, it } from 'vitest';
import { isLocalPath, NEXT_PATH_MAX } from './rules.ts';

describe('where a sign-in link may lead', () => {
  it('takes paths on this site', () => {
    for (const path of ['/', '/account', '/story/a-story?x=1#comments', '/beat/politics']) expect(isLocalPath(path), path).toBe(true);
  });

  it('refuses other hosts, schemes and the API', () => {
    for (const path of [
      '',
      'account',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tevil',
      '/a\\b',
      '/api/readers/me',
      '/api',
      `/${'a'.repeat(NEXT_PATH_MAX)}`,
    ])
      expect(isLocalPath(path), JSON.stringify(path)).toBe(false);
  });
});
