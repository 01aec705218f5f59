import { z } from 'zod';
import { messages } from '../messages.ts';
import { SEARCH_QUERY_MAX } from './search-query.ts';
import { positiveIntParam } from '../schema-fields.ts';

/** Search inputs, validated at the boundary. */

/** GET /api/search (docs/product/api.md, "Finding the news"): `scope=staff` searches what the caller's dashboard lists. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: messages.searchQueryRequired })
    .trim()
    .min(1, { error: messages.searchQueryRequired })
    .max(SEARCH_QUERY_MAX, { error: messages.searchQueryTooLong }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  beatId: positiveIntParam.optional(),
  scope: z.enum(['public', 'staff']).default('public'),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
