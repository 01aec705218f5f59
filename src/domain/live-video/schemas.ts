import { z } from 'zod';
import { messages } from '../messages.ts';
import { blankToNull } from '../schema-fields.ts';

/** Inputs of POST /api/streams/start, shared by the API and the live studio's form. */

/** A stream's story's description: optional, at most what a story's description may be (a reader-facing one is written without it). */
export const STREAM_DESCRIPTION_MAX = 1000;

export const startStreamSchema = z.object({
  title: z
    .string({ error: messages.streamTitleRequired })
    .trim()
    .min(1, { error: messages.streamTitleRequired })
    .max(255, { error: messages.titleTooLong }),
  description: blankToNull.refine((value) => value === null || value.length <= STREAM_DESCRIPTION_MAX, {
    error: `A description must be at most ${STREAM_DESCRIPTION_MAX} characters`,
  }),
  // Optional; from a form it comes as text.
  beatId: z
    .union([z.string(), z.number(), z.null()], { error: messages.beatIdInvalid })
    .optional()
    .transform((value) => (value == null || String(value).trim() === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value > 0), { error: messages.beatIdInvalid }),
});

export type StartStreamInput = z.infer<typeof startStreamSchema>;

/** POST /api/streams/start's optional `storyId` (JSON number or form text): the live blog the stream goes on. */
export const streamOnStorySchema = z.object({
  storyId: z
    .union([z.string(), z.number(), z.null()], { error: 'storyId must be a story id' })
    .optional()
    .transform((value) => (value == null || String(value).trim() === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value > 0), { error: 'storyId must be a story id' }),
});
