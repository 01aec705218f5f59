import { z } from 'zod';
import { oneLine } from '../mail/control-characters.ts';
import { mailAddressSchema } from '../mail/schemas.ts';
import { isValidSlug } from '../story/slug.ts';
import { isLocalPath, READER_NAME_MAX, SIGN_IN_NEWSLETTERS_MAX } from './rules.ts';

/** Request bodies of the reader calls (docs/product/api.md, "Readers and newsletters"). */

export const newsletterSlugSchema = z.string({ error: 'A newsletter is named by its slug' }).refine(isValidSlug, {
  error: 'A newsletter is named by its slug',
});

export const readerSignInSchema = z.object({
  email: mailAddressSchema,
  newsletters: z
    .array(newsletterSlugSchema, { error: 'newsletters is a list of newsletter slugs' })
    .max(SIGN_IN_NEWSLETTERS_MAX, { error: `At most ${SIGN_IN_NEWSLETTERS_MAX} newsletters at once` })
    .optional()
    .default([]),
  next: z.string({ error: 'next is a path on this site' }).refine(isLocalPath, { error: 'next is a path on this site' }).optional(),
});

/** A link's token: what newHandle makes (base64url), checked for shape before it is hashed. */
export const linkTokenSchema = z
  .string({ error: 'The link is not valid' })
  .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'The link is not valid' });

export const readerSessionSchema = z.object({ token: linkTokenSchema });

export const readerUpdateSchema = z.object({
  name: z
    .string({ error: 'Your name is text' })
    .transform(oneLine)
    .pipe(z.string().max(READER_NAME_MAX, { error: `Your name is at most ${READER_NAME_MAX} characters` }))
    .nullable()
    .optional(),
});
