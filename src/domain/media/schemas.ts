import { z } from 'zod';
import { blankToNull } from '../schema-fields.ts';
import { messages } from '../messages.ts';

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
