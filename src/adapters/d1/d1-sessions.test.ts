import { describe, expect, it } from 'vitest';
import { sessionStart } from './d1-sessions.ts';

describe('where a request’s D1 session starts', () => {
  it('reads may go to any replica, writes to the primary', () => {
    expect(sessionStart('GET', null)).toBe('first-unconstrained');
    expect(sessionStart('HEAD', undefined)).toBe('first-unconstrained');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(sessionStart(method, null)).toBe('first-primary');
  });

  it('a request carrying a bookmark starts after it, read or write', () => {
    const bookmark = '00000001-00000002-00004f7e-8e3f0a1c2b3d4e5f';
    expect(sessionStart('GET', bookmark)).toBe(bookmark);
    expect(sessionStart('POST', bookmark)).toBe(bookmark);
  });

  it('ignores what cannot be a bookmark', () => {
    expect(sessionStart('GET', '')).toBe('first-unconstrained');
    expect(sessionStart('GET', 'x'.repeat(129))).toBe('first-unconstrained');
    expect(sessionStart('POST', 'not a bookmark; drop table')).toBe('first-primary');
    expect(sessionStart('GET', 'first-primary\n')).toBe('first-unconstrained');
  });
});
