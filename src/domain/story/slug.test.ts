import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, SLUG_MAX_LENGTH, SLUG_PATTERN, firstFreeSlug, isValidSlug, slugCandidatePrefix, slugify } from './slug.ts';

describe('slugify (docs/product/rules.md#validation)', () => {
  it.each([
    ['lowercases', 'Breaking NEWS Today', 'breaking-news-today'],
    ['drops punctuation', 'Hello, World! (Part 2): "Quotes" & more?', 'hello-world-part-2-quotes-more'],
    ['drops underscores, dots and slashes', 'snake_case file.name a/b', 'snakecase-filename-ab'],
    ['keeps digits', '2024 Budget: 10 things', '2024-budget-10-things'],
    ['turns a whitespace run into one hyphen', 'a \t\n  b', 'a-b'],
    ['collapses repeated hyphens', 'left -- right---end', 'left-right-end'],
    ['collapses hyphens around dropped characters', 'rock - & - roll', 'rock-roll'],
    ['trims spaces', '   padded title   ', 'padded-title'],
    ['trims leading and trailing hyphens', '--- edge ---', 'edge'],
    ['trims hyphens that punctuation left at the ends', '!-wow-!', 'wow'],
    ['drops letters outside a-z', 'Café Überraschung', 'caf-berraschung'],
  ])('%s', (_rule, title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ['only punctuation', '!!! ??? ...'],
    ['only hyphens and spaces', ' - -- - '],
    ['another script', 'Новости дня'],
    ['empty', ''],
  ])('gives an empty slug for %s', (_case, title) => {
    expect(slugify(title)).toBe('');
  });

  it('always yields a slug that matches the typed-slug pattern, or nothing', () => {
    for (const title of ['A', 'a-b', '-x-', 'Two  Words', '🙂 emoji 🙂', 'x'.repeat(400), 'dash - in - middle']) {
      const slug = slugify(title);
      if (slug !== '') expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  it('caps the slug at 255 characters', () => {
    expect(slugify('a'.repeat(300))).toBe('a'.repeat(SLUG_MAX_LENGTH));
  });

  it('does not end on a hyphen when the cap cuts just after one', () => {
    // 254 letters, a space, more letters: the 255th character is the hyphen.
    const slug = slugify(`${'a'.repeat(254)} tail`);
    expect(slug).toBe('a'.repeat(254));
    expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe('isValidSlug', () => {
  it.each(['a', 'hello-world', 'x1-2y-3', 'a'.repeat(255)])('accepts %s', (slug) => {
    expect(isValidSlug(slug)).toBe(true);
  });

  it.each(['', 'Hello', 'hello_world', '-lead', 'trail-', 'dou--ble', 'with space', 'ünï', 'a/b', 'a'.repeat(256)])(
    'refuses %j',
    (slug) => {
      expect(isValidSlug(slug)).toBe(false);
    },
  );
});

describe('firstFreeSlug', () => {
  it('keeps the base when it is free', () => {
    expect(firstFreeSlug('news', new Set())).toBe('news');
    expect(firstFreeSlug('news', new Set(['news-2', 'other']))).toBe('news');
  });

  it('adds -2, -3, ... while the candidates are taken', () => {
    expect(firstFreeSlug('news', new Set(['news']))).toBe('news-2');
    expect(firstFreeSlug('news', new Set(['news', 'news-2']))).toBe('news-3');
    expect(firstFreeSlug('news', new Set(['news', 'news-2', 'news-3', 'news-4']))).toBe('news-5');
  });

  it('fills the first gap', () => {
    expect(firstFreeSlug('news', new Set(['news', 'news-3']))).toBe('news-2');
  });

  it('is not confused by a base that itself ends in a number', () => {
    expect(firstFreeSlug('top-10', new Set(['top-10']))).toBe('top-10-2');
  });

  it('falls back to "story" for an empty base, with suffixes after it', () => {
    expect(firstFreeSlug('', new Set())).toBe(FALLBACK_SLUG);
    expect(firstFreeSlug('', new Set(['story', 'story-2']))).toBe('story-3');
  });

  it('shortens a long base so the suffixed slug stays within 255 characters', () => {
    const base = 'a'.repeat(255);
    expect(firstFreeSlug(base, new Set([base]))).toBe(`${'a'.repeat(253)}-2`);
    const ten = firstFreeSlug(base, new Set([base, ...Array.from({ length: 8 }, (_, i) => `${'a'.repeat(253)}-${i + 2}`)]));
    expect(ten).toBe(`${'a'.repeat(252)}-10`);
    expect(ten).toHaveLength(255);
  });

  it('never leaves a double hyphen where the shortening cuts after a hyphen', () => {
    const base = `${'a'.repeat(252)}-bc`;
    const next = firstFreeSlug(base, new Set([base]));
    expect(next).toBe(`${'a'.repeat(252)}-2`);
    expect(isValidSlug(next)).toBe(true);
  });
});

describe('slugCandidatePrefix', () => {
  it('is the root and a hyphen while a suffix fits after it', () => {
    expect(slugCandidatePrefix('news')).toBe('news-');
    expect(slugCandidatePrefix('')).toBe(`${FALLBACK_SLUG}-`);
  });

  it('is the root cut short when suffixes make firstFreeSlug shorten the root', () => {
    expect(slugCandidatePrefix('a'.repeat(255))).toBe('a'.repeat(240));
  });

  it.each([
    ['a short base', 'budget-day'],
    ['a base just under the limit', `${'ab-'.repeat(80)}x`],
    ['a base of 245 characters', 'b'.repeat(245)],
    ['a base of 255 characters', 'c'.repeat(255)],
    ['a long base with hyphens near the cut', `${'d'.repeat(239)}-${'e'.repeat(9)}-f-g-h`],
    ['an empty base', ''],
  ])('prefixes every candidate firstFreeSlug tries for %s', (_case, base) => {
    const root = base === '' ? FALLBACK_SLUG : base;
    const prefix = slugCandidatePrefix(base);
    const taken = new Set<string>([root]);
    for (let i = 0; i < 120; i++) {
      const next = firstFreeSlug(base, taken);
      expect(next.startsWith(prefix), `${next} should start with ${prefix}`).toBe(true);
      expect(isValidSlug(next)).toBe(true);
      taken.add(next);
    }
  });
});
