import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff.ts';

const read = (before: string, after: string) =>
  wordDiff(before, after)
    .map((part) => (part.kind === 'added' ? `[+${part.text}]` : part.kind === 'removed' ? `[-${part.text}]` : part.text))
    .join('');

describe('the History comparison', () => {
  it('puts a space between a removed word and the word added in its place', () => {
    expect(read('The city council voted', 'The town council voted')).toBe('The [-city] [+town] council voted');
    expect(
      wordDiff('The city council', 'The town council')
        .map((part) => part.text)
        .join(''),
    ).toBe('The city town council');
  });

  it('adds no space where one is already there, nor around words only added or only removed', () => {
    expect(read('a b', 'a c')).toBe('a [-b] [+c]');
    expect(read('one two', 'one two three')).toBe('one two [+three]');
    expect(read('one two three', 'one three')).toBe('one [-two ]three');
    expect(read('same', 'same')).toBe('same');
  });
});
