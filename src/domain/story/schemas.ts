import { z } from 'zod';
import { messages } from '../messages.ts';
import { requiredText, positiveIntParam } from '../schema-fields.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug.ts';
import { STORY_ACCESS } from '../members/access.ts';
import { STORY_STATUSES, DEFAULT_STORY_STATUS, STORY_FORMATS, DEFAULT_STORY_FORMAT } from './story.ts';

/** Story inputs (docs/product/rules.md#story-content), shared by the API and the editor; messages are docs/product/rules.md#validation's where it has one. */

/** An http(s) address, or a path on this site (uploaded media is served under /media/). */
export function isSafeMediaUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Blank means "none": '' and null both become null. */
const optionalMediaUrl = (max?: { length: number; message: string }) =>
  z
    .string({ error: messages.urlInvalid })
    .nullable()
    .optional()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
    .refine((value) => value === null || isSafeMediaUrl(value), { error: messages.urlInvalid })
    .refine((value) => value === null || !max || value.length <= max.length, {
      error: max?.message ?? '',
    });

/** An ISO-8601 date and time with its offset, kept as UTC; blank or null means none. */
const publishAtField = z
  .union([z.iso.datetime({ offset: true, error: messages.publishAtInvalid }), z.literal(''), z.null()], {
    error: messages.publishAtInvalid,
  })
  .optional()
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** The longest alt text, caption and credit a story's picture may have, in characters (docs/product/api-pictures.md). */
export const PICTURE_TEXT_MAX = { alt: 300, caption: 500, credit: 200 } as const;

/** A picture's words: plain text on one line (white space folded), blank or absent is none. */
const pictureText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value == null ? null : value.replace(/\s+/g, ' ').trim() || null))
    .refine((value) => value === null || value.length <= max, { error: message });

/** The story save payload of docs/product/rules.md#story-content. authorId is accepted and ignored: the server knows who is asking. */
export const storySaveSchema = z.object({
  title: requiredText(messages.titleRequired, { length: 255, message: messages.titleTooLong }),
  slug: z
    .string({ error: messages.slugFormat })
    .nullable()
    .optional()
    .transform((value) => (value == null ? '' : value.trim()))
    .refine((value) => value.length <= SLUG_MAX_LENGTH, { error: messages.slugTooLong })
    .refine((value) => value === '' || SLUG_PATTERN.test(value), { error: messages.slugFormat }),
  description: requiredText(messages.descriptionRequired),
  content: requiredText(messages.contentRequired),
  // nullable() rather than a union with z.null(): a union failure would say "Invalid input" instead.
  beatId: z
    .number({ error: messages.beatIdInvalid })
    .int({ error: messages.beatIdInvalid })
    .positive({ error: messages.beatIdInvalid })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  status: z.enum(STORY_STATUSES, { error: messages.statusInvalid }).default(DEFAULT_STORY_STATUS),
  isFeatured: z.boolean().default(false),
  featuredImageUrl: optionalMediaUrl({ length: 500, message: messages.featuredImageUrlTooLong }),
  // The picture's words (docs/product/api-pictures.md): plain text, each optional.
  featuredImageAlt: pictureText(PICTURE_TEXT_MAX.alt, messages.featuredImageAltTooLong),
  featuredImageCaption: pictureText(PICTURE_TEXT_MAX.caption, messages.featuredImageCaptionTooLong),
  featuredImageCredit: pictureText(PICTURE_TEXT_MAX.credit, messages.featuredImageCreditTooLong),
  videoUrl: optionalMediaUrl(),
  publishAt: publishAtField,
  // Chosen when the story is created (docs/product/api-liveblogs.md).
  format: z.enum(STORY_FORMATS, { error: messages.formatInvalid }).default(DEFAULT_STORY_FORMAT),
  // Who may read it whole (decision 090): absent leaves it as it is (public on a new story).
  access: z.enum(STORY_ACCESS, { error: messages.accessInvalid }).optional(),
});

export type StorySaveInput = z.infer<typeof storySaveSchema>;

const versionField = z
  .number({ error: messages.versionRequired })
  .int({ error: messages.versionRequired })
  .positive({ error: messages.versionRequired });

/** A save of a stored story: its version, and no format unless it is the one the story has (the service checks). */
export const storyUpdateSchema = storySaveSchema.extend({
  version: versionField,
  format: z.enum(STORY_FORMATS, { error: messages.formatInvalid }).optional(),
});

export type StoryUpdateInput = z.infer<typeof storyUpdateSchema>;

export const storyListQuerySchema = z.object({
  status: z.enum(STORY_STATUSES, { error: messages.statusInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  authorId: positiveIntParam.optional(),
  beatId: positiveIntParam.optional(),
});

export type StoryListQuery = z.infer<typeof storyListQuerySchema>;

export const revisionParamSchema = z.object({ id: positiveIntParam, revisionId: positiveIntParam });

const trimmedNote = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

/** POST /api/stories/{id}/review: sending a story back needs a note for its author. */
export const storyReviewSchema = z
  .object({
    decision: z.enum(['approve', 'return'], { error: messages.reviewDecisionInvalid }),
    note: trimmedNote.refine((value) => value === null || value.length <= 1000, { error: messages.reviewNoteTooLong }),
    version: versionField,
  })
  .refine((review) => review.decision !== 'return' || review.note !== null, { error: messages.reviewNoteRequired, path: ['note'] });

export type StoryReviewInput = z.infer<typeof storyReviewSchema>;

/** POST /api/stories/{id}/revisions/{revisionId}/restore: the version the restorer read. */
export const restoreRevisionSchema = z.object({ version: versionField });

/** POST /api/stories/{id}/corrections. */
export const correctionSchema = z.object({
  note: requiredText(messages.correctionRequired, { length: 1000, message: messages.correctionTooLong }),
});
