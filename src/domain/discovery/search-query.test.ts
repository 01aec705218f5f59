import { describe, expect, it } from 'vitest';
import { ftsMatchExpression, MARK_CLOSE, MARK_OPEN } from './search-query.ts';
import { storyText } from '../story/story-text.ts';

describe('ftsMatchExpression', () => {
  it('quotes each word and matches it as a prefix', () => {
    expect(ftsMatchExpression('levee breaks')).toBe('"levee"* "breaks"*');
  });

  it('turns FTS5 syntax into separators', () => {
    expect(ftsMatchExpression('title:"drop" OR (x* NEAR y) -z ^a')).toBe('"title"* "drop"* "OR"* "x" "NEAR"* "y" "z" "a"');
  });

  it('keeps accents and other scripts for the tokenizer to fold', () => {
    expect(ftsMatchExpression('Levée 東京')).toBe('"Levée"* "東京"*');
  });

  it('is null when there is no word', () => {
    expect(ftsMatchExpression(' "*()-: ')).toBeNull();
    expect(ftsMatchExpression('\u0301 \u0308')).toBeNull();
  });
});

describe('storyText', () => {
  it('removes tags, decodes entities and collapses space', () => {
    expect(storyText('<p>Water over the <a href="x">lev&eacute;e</a>&nbsp;&amp;&#32;town</p><p>Next&#x21;</p>')).toBe(
      'Water over the lev&eacute;e & town Next!',
    );
  });

  it('drops the snippet delimiters', () => {
    expect(storyText(`a${MARK_OPEN}b${MARK_CLOSE}c`)).toBe('abc');
  });
});
