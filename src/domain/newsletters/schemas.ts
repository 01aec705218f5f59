import { z } from 'zod';
import { oneLine } from '../mail/control-characters.ts';
import { mailAddressSchema } from '../mail/schemas.ts';
import { newsletterSlugSchema } from '../readers/schemas.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../story/slug.ts';
import { SUBSCRIBER_STATUSES } from './entities.ts';
import { NEWSLETTER_DESCRIPTION_MAX, NEWSLETTER_NAME_MAX, POSTAL_ADDRESS_MAX, SENDER_NAME_MAX, SUBSCRIBERS_PAGE_MAX } from './rules.ts';

/** Request bodies and queries of the newsletter calls (docs/product/api-readers.md). */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is text` })
    .transform(oneLine)
    .pipe(z.string().max(max, { error: `${label} is at most ${max} characters` }));

const name = text('The name', NEWSLETTER_NAME_MAX).pipe(z.string().min(1, { error: 'Name the newsletter' }));
const slug = z
  .string({ error: 'The slug is text' })
  .trim()
  .max(SLUG_MAX_LENGTH, { error: `A slug is at most ${SLUG_MAX_LENGTH} characters` })
  .refine((value) => value === '' || SLUG_PATTERN.test(value), { error: 'Use lowercase letters, numbers and hyphens' });
const description = z
  .string({ error: 'The description is text' })
  .trim()
  .max(NEWSLETTER_DESCRIPTION_MAX, { error: `The description is at most ${NEWSLETTER_DESCRIPTION_MAX} characters` });
const senderName = text('The sender name', SENDER_NAME_MAX)
  .nullable()
  .transform((value) => value || null);
const beatId = z.number({ error: 'Choose a beat from the list' }).int().positive({ error: 'Choose a beat from the list' }).nullable();
const isActive = z.boolean({ error: 'isActive is true or false' });

export const newsletterCreateSchema = z.object({
  name,
  slug: slug.optional(),
  description: description.optional().default(''),
  beatId: beatId.optional().default(null),
  senderName: senderName.optional().default(null),
  isActive: isActive.optional().default(true),
});

export const newsletterUpdateSchema = z.object({
  name: name.optional(),
  slug: slug.optional(),
  description: description.optional(),
  beatId: beatId.optional(),
  senderName: senderName.optional(),
  isActive: isActive.optional(),
});

export const subscribeSchema = z.object({ email: mailAddressSchema });

export const newsletterSlugParamSchema = z.object({ slug: newsletterSlugSchema });

export const readerNewslettersSchema = z.object({
  newsletters: z.array(newsletterSlugSchema, { error: 'newsletters is a list of newsletter slugs' }).max(100),
});

export const subscribersQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES, { error: `status is one of ${SUBSCRIBER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(SUBSCRIBERS_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  format: z.enum(['json', 'csv']).optional().default('json'),
});

export const storySendSchema = z.object({
  newsletter: newsletterSlugSchema,
  test: z.boolean({ error: 'test is true or false' }).optional().default(false),
});

export const newsletterSettingsSchema = z.object({
  postalAddress: z
    .string({ error: 'The postal address is text' })
    .trim()
    .max(POSTAL_ADDRESS_MAX, { error: `The postal address is at most ${POSTAL_ADDRESS_MAX} characters` })
    .nullable(),
});
