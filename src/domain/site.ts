import type { Story } from './entities.ts';

/** The publication's identity, as readers, feeds and search engines see it. */
export const site = {
  name: 'The Newsroom',
  tagline: 'Uncensored. Unfiltered. Unapologetic.',
  description: 'Independent news: uncensored, unfiltered, unapologetic reporting from our newsroom.',
  language: 'en',
} as const;

/** A story's public address: /story/{slug}, or its id when it has no slug (SPEC.md section 2). */
export function storyPath(story: Pick<Story, 'slug' | 'id'>): string {
  return `/story/${story.slug || story.id}`;
}
