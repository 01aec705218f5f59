import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Fields that come with an uploaded video (docs/product/api.md#media): a title (with description and
 * category) makes a draft story holding the video; a storyId attaches it to that story.
 */
export const VIDEO_CATEGORIES = ['breaking', 'politics', 'local', 'investigation'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

/** The beat a category picks, by name, when such a beat exists (first match wins). */
export const CATEGORY_BEAT_NAMES: Record<VideoCategory, readonly string[]> = {
  breaking: ['Breaking News'],
  politics: ['Politics'],
  local: ['Local News'],
  investigation: ['Investigations', 'Investigation'],
};

const blankToNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

export const videoStoryFieldsSchema = z
  .object({
    title: blankToNull.refine((value) => value === null || value.length <= 255, { error: messages.titleTooLong }),
    description: blankToNull,
    category: blankToNull.refine((value) => value === null || (VIDEO_CATEGORIES as readonly string[]).includes(value), {
      error: 'Category must be breaking, politics, local or investigation',
    }),
    storyId: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value) => (value == null || String(value).trim() === '' ? null : Number(value)))
      .refine((value) => value === null || (Number.isInteger(value) && value > 0), { error: 'storyId must be a story id' }),
  })
  .superRefine((fields, ctx) => {
    if (fields.title !== null && fields.storyId !== null) {
      ctx.addIssue({ code: 'custom', path: ['storyId'], message: 'Send a title for a new story or a storyId, not both' });
    }
    if (fields.title === null && (fields.description !== null || fields.category !== null)) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: messages.titleRequired });
    }
  })
  .transform((fields) => ({ ...fields, category: fields.category as VideoCategory | null }));
export type VideoStoryFields = z.infer<typeof videoStoryFieldsSchema>;

export const createUploadSchema = z.object({
  filename: z.string().max(255).optional(),
  size: z
    .number({ error: 'size must be the file size in bytes' })
    .int({ error: 'size must be the file size in bytes' })
    .positive({ error: 'size must be the file size in bytes' }),
  kind: z.enum(['image', 'video'], { error: 'kind must be image or video' }).default('video'),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

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
