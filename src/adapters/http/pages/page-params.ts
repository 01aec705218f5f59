import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';
import { slugify } from '../../../domain/story/slug.ts';

/**
 * What a reader page's address may carry, read leniently: a page's query is typed by people and
 * links, so anything out of range is the first page, the newest updates or no filter, never an error.
 */

/** `?page=`: 1 for anything that is not a whole number above 1 (and at most 10,000). */
const pageNumber = z
  .string()
  .optional()
  .transform((value) => {
    const page = Number(value);
    return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
  });

export const listPageQuery = z.object({ page: pageNumber });

/** /search: the query trimmed and cut to its limit, and the page. */
export const searchPageQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, SEARCH_QUERY_MAX)),
  page: pageNumber,
});

/** A live blog's older page: `?before=` an update id, or the newest page. */
export const storyPageQuery = z.object({
  before: z
    .string()
    .optional()
    .transform((value) => (value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null)),
});

/** /beta: the page, and `?beat=` a beat by its name or slug (the footer's old links), slugified. */
export const allStoriesQuery = z.object({
  page: pageNumber,
  beat: z
    .string()
    .optional()
    .transform((value) => (value ? slugify(value) || null : null)),
});
