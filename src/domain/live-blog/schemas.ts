import { z } from 'zod';
import { messages } from '../messages.ts';
import { COUNT_PATTERN, positiveIntParam } from '../schema-fields.ts';
import { UPDATES_PAGE_MAX, UPDATES_PAGE_DEFAULT } from './live-blog.ts';
import { COVERAGES } from '../story/story.ts';

/** Live blog inputs (docs/product/api-liveblogs.md), shared by the API and the live desk. */

/** A live blog update's flags: true or false, absent meaning false on a new update. */
const updateFlag = z.boolean({ error: messages.updateFlagInvalid });

/**
 * POST /api/stories/{id}/updates. The body is HTML; the service sanitises it and counts its text
 * (1 to UPDATE_TEXT_MAX characters).
 */
export const liveBlogUpdateSchema = z.object({
  body: z.string({ error: messages.updateBodyRequired }),
  keyEvent: updateFlag.default(false),
  pinned: updateFlag.default(false),
});

export type LiveBlogUpdateInput = z.infer<typeof liveBlogUpdateSchema>;

/** PUT /api/stories/{id}/updates/{updateId}: what changes, with the version the editor read. */
export const liveBlogUpdateEditSchema = z.object({
  body: z.string({ error: messages.updateBodyRequired }).optional(),
  keyEvent: updateFlag.optional(),
  pinned: updateFlag.optional(),
  version: z
    .number({ error: messages.updateVersionRequired })
    .int({ error: messages.updateVersionRequired })
    .positive({ error: messages.updateVersionRequired }),
});

export type LiveBlogUpdateEdit = z.infer<typeof liveBlogUpdateEditSchema>;

export const updateParamSchema = z.object({ id: positiveIntParam, updateId: positiveIntParam });

/** A feed cursor (digits: a position on the change clock) or an update id; 0 means "from the start". */
const cursorParam = z.string({ error: messages.cursorInvalid }).regex(COUNT_PATTERN, { error: messages.cursorInvalid }).transform(Number);

const queryFlag = z.enum(['true', 'false'], { error: messages.updateFlagInvalid }).transform((value) => value === 'true');

/**
 * GET /api/stories/{id}/updates: the newest page; `after` a cursor (what changed since); `before`
 * an update id (older updates). `keyEvent=true` or `pinned=true` keep only those updates.
 */
export const liveBlogFeedQuerySchema = z
  .object({
    after: cursorParam.optional(),
    before: positiveIntParam.optional(),
    limit: z.coerce.number().int().min(1).max(UPDATES_PAGE_MAX).default(UPDATES_PAGE_DEFAULT),
    keyEvent: queryFlag.optional(),
    pinned: queryFlag.optional(),
  })
  .refine((query) => query.after === undefined || query.before === undefined, { error: messages.cursorsTogether, path: ['after'] });

export type LiveBlogFeedQuery = z.infer<typeof liveBlogFeedQuerySchema>;

/** POST /api/stories/{id}/coverage. */
export const coverageSchema = z.object({ coverage: z.enum(COVERAGES, { error: messages.coverageInvalid }) });
