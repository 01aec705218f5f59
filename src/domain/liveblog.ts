import type { Story } from './entities.ts';

/** A story's format (docs/product/api-liveblogs.md): chosen when it is created, never changed. */
export const STORY_FORMATS = ['article', 'liveblog'] as const;
export type StoryFormat = (typeof STORY_FORMATS)[number];
export const DEFAULT_STORY_FORMAT: StoryFormat = 'article';

/** A live blog's coverage: live while the newsroom posts updates, ended when it stops. */
export const COVERAGES = ['live', 'ended'] as const;
export type Coverage = (typeof COVERAGES)[number];

/** How the editor names the formats. */
export const FORMAT_LABELS: Record<StoryFormat, string> = { article: 'Article', liveblog: 'Live blog' };

/** An update's text, in characters (its HTML may be longer: links, lists, pictures). */
export const UPDATE_TEXT_MAX = 20_000;
/** What one update's sanitised HTML may take in the database, whatever its text. */
export const UPDATE_HTML_MAX = 200_000;

/** A page of updates: by default, and at most (docs/product/api-liveblogs.md). */
export const UPDATES_PAGE_DEFAULT = 20;
export const UPDATES_PAGE_MAX = 100;

export function isLiveBlog(story: Pick<Story, 'format'>): boolean {
  return story.format === 'liveblog';
}

/** A live blog whose coverage is live: it takes new updates, and the home page marks it LIVE. */
export function isCoverageLive(story: Pick<Story, 'format' | 'coverage'>): boolean {
  return story.format === 'liveblog' && story.coverage === 'live';
}

/** When the coverage started, for search engines: its first publication, else its creation. */
export function coverageStartTime(story: Pick<Story, 'publishedAt' | 'createdAt'>): string {
  return story.publishedAt ?? story.createdAt;
}

/** An update's address on the live blog's page (docs/product/api-liveblogs.md). */
export function updateAnchor(updateId: number): string {
  return `update-${updateId}`;
}

/** The text shown for an update where only a line fits (key events, feeds, search engines): its first words. */
export function updateHeadline(text: string, max = 110): string {
  const line = text.trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
