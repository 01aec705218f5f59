import { describe, expect, it } from 'vitest';
import { MARK_CLOSE, MARK_OPEN } from '../../domain/discovery/search-query.ts';
import { snippetMarkup } from './search-snippet.ts';

describe('snippetMarkup', () => {
  it('escapes everything and marks only the delimited words', () => {
    expect(snippetMarkup(`<b>x</b> & ${MARK_OPEN}levee${MARK_CLOSE} "q"`)).toBe(
      '&lt;b&gt;x&lt;/b&gt; &amp; <mark>levee</mark> &quot;q&quot;',
    );
  });

  it('balances stray delimiters', () => {
    expect(snippetMarkup(`${MARK_CLOSE}a${MARK_OPEN}${MARK_OPEN}b`)).toBe('a<mark>b</mark>');
  });
});
