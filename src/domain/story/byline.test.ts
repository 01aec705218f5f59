import { describe, expect, it } from 'vitest';
import { authorName } from './byline.ts';

describe('authorName', () => {
  const author = { id: 1, username: 'amara', firstName: null, lastName: null };

  it('uses first and last name when both are present', () => {
    expect(authorName({ ...author, firstName: 'Amara', lastName: 'Okafor' })).toBe('Amara Okafor');
    expect(authorName({ ...author, firstName: '  Amara ', lastName: 'Okafor ' })).toBe('Amara Okafor');
  });

  it('falls back to the username when either is missing or blank', () => {
    expect(authorName(author)).toBe('amara');
    expect(authorName({ ...author, firstName: 'Amara' })).toBe('amara');
    expect(authorName({ ...author, lastName: 'Okafor' })).toBe('amara');
    expect(authorName({ ...author, firstName: ' ', lastName: 'Okafor' })).toBe('amara');
  });
});
