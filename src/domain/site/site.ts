import type { Story } from '../story/entities.ts';

/** The publication's identity, as readers, feeds and search engines see it. */
export const site = {
  name: 'The Newsroom',
  tagline: 'Uncensored. Unfiltered. Unapologetic.',
  description: 'Independent news: uncensored, unfiltered, unapologetic reporting from our newsroom.',
  language: 'en',
} as const;

/** A story's public address: /story/{slug}, or its id when it has no slug (docs/product/screens.md). */
export function storyPath(story: Pick<Story, 'slug' | 'id'>): string {
  return `/story/${story.slug || story.id}`;
}

/** A beat's page (docs/product/screens.md). */
export function beatPath(beat: { slug: string }): string {
  return `/beat/${beat.slug}`;
}

/** An author's page (docs/product/screens.md). */
export function authorPath(author: { username: string }): string {
  return `/author/${encodeURIComponent(author.username)}`;
}

/** Stories per page on the public lists: /beta, beat and author pages, search results. */
/** A search's address, with its page when past the first. */
export function searchHref(query: string, page = 1): string {
  return `/search?${new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query })}`;
}

export const LIST_PAGE_SIZE = 12;
/** Related stories at the end of a story page. */
export const RELATED_STORIES = 3;
