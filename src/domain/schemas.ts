import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './search-query.ts';
import { xHandleSchema } from './social.ts';

/** An author page's bio, in characters. */
export const BIO_MAX_LENGTH = 500;
import { messages } from './messages.ts';
import { ROLES } from './roles.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug.ts';
import { DEFAULT_STORY_STATUS, STORY_STATUSES } from './story.ts';
import { COVERAGES, DEFAULT_STORY_FORMAT, STORY_FORMATS, UPDATES_PAGE_DEFAULT, UPDATES_PAGE_MAX } from './liveblog.ts';

/**
 * Input schemas shared by the API (validated at the boundary) and the forms.
 * Messages are docs/product/rules.md#validation's where it has one.
 */

const requiredText = (message: string, max?: { length: number; message: string }) => {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return max ? base.max(max.length, { error: max.message }) : base;
};

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

/** The longest email address SMTP carries (RFC 5321's path, less its brackets); a username is far shorter. */
export const SIGN_IN_NAME_MAX = 254;

export const loginSchema = z.object({
  emailOrUsername: z
    .string({ error: messages.emailOrUsernameRequired })
    .trim()
    .min(1, { error: messages.emailOrUsernameRequired })
    .max(SIGN_IN_NAME_MAX, { error: messages.emailOrUsernameTooLong }),
  password: z.string({ error: messages.passwordTooShort }).min(6, { error: messages.passwordTooShort }),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalName = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || value.length <= 50, { error: messages.nameTooLong });

export const registerSchema = z.object({
  username: requiredText(messages.usernameRequired, { length: 50, message: messages.usernameTooLong }).regex(/^[A-Za-z0-9_.-]+$/, {
    error: messages.usernameCharacters,
  }),
  email: requiredText(messages.emailRequired, { length: 100, message: messages.emailTooLong }).pipe(
    z.email({ error: messages.emailInvalid }),
  ),
  password: z.string({ error: messages.passwordTooShort }).min(6, { error: messages.passwordTooShort }),
  role: z.enum(ROLES, { error: messages.roleInvalid }).default('reporter'),
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterInput = z.infer<typeof registerSchema>;

const beatDescription = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

export const createBeatSchema = z.object({
  name: requiredText(messages.beatNameRequired, { length: 100, message: messages.beatNameTooLong }),
  description: beatDescription,
});
export type CreateBeatInput = z.infer<typeof createBeatSchema>;

export const updateBeatSchema = z.object({
  name: requiredText(messages.beatNameRequired, { length: 100, message: messages.beatNameTooLong }).optional(),
  // Absent leaves the description as it is; blank or null clears it.
  description: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim())),
});
export type UpdateBeatInput = z.infer<typeof updateBeatSchema>;

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

/** A database id in a path or query: plain decimal digits only, so "1e3", "0x10" or " 7" never alias another id. */
const positiveIntParam = z
  .string({ error: messages.idInvalid })
  .regex(/^[1-9][0-9]{0,15}$/, { error: messages.idInvalid })
  .transform(Number)
  .pipe(z.number().int({ error: messages.idInvalid }).positive({ error: messages.idInvalid }));

export const storyListQuerySchema = z.object({
  status: z.enum(STORY_STATUSES, { error: messages.statusInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  authorId: positiveIntParam.optional(),
  beatId: positiveIntParam.optional(),
});
export type StoryListQuery = z.infer<typeof storyListQuerySchema>;

export const assignBeatsSchema = z.object({
  beatIds: z.array(z.number().int().positive(), { error: 'Choose beats from the list' }).max(50),
});

export const idParamSchema = z.object({ id: positiveIntParam });
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

/** A text field of an edit: absent leaves it as it is; null or blank clears it; else trimmed, at most `max` characters. */
const editedText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim().replace(/\r\n?/g, '\n'),
    )
    .refine((value) => value == null || value.length <= max, { error: message });

/** PUT /api/users/{id}: the user itself or an admin; the bio is plain text, shown as text. */
export const updateProfileSchema = z.object({
  firstName: editedText(50, messages.nameTooLong),
  lastName: editedText(50, messages.nameTooLong),
  bio: editedText(BIO_MAX_LENGTH, messages.bioTooLong),
  // Absent leaves it as it is; blank or null clears it.
  xHandle: xHandleSchema.optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

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
const cursorParam = z
  .string({ error: messages.cursorInvalid })
  .regex(/^(0|[1-9][0-9]{0,15})$/, { error: messages.cursorInvalid })
  .transform(Number);

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

/** POST /api/streams/start's optional `storyId` (JSON number or form text): the live blog the stream goes on. */
export const streamOnStorySchema = z.object({
  storyId: z
    .union([z.string(), z.number(), z.null()], { error: 'storyId must be a story id' })
    .optional()
    .transform((value) => (value == null || String(value).trim() === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value > 0), { error: 'storyId must be a story id' }),
});
