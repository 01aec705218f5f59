import { z } from 'zod';
import { INTERVALS, isRangeInstant, rangeMessages } from './analytics-range.ts';
import { UTM_MEDIUM_MAX_LENGTH, isReferrer } from './referrer-source.ts';

/** Inputs of the readership routes (docs/product/api-analytics.md), validated at the boundary. */

/** Longer referrers are not pages anyone links from; browsers cut them to the origin long before. */
export const REFERRER_MAX_LENGTH = 2048;

export const viewBodySchema = z.object({
  referrer: z
    .string({ error: 'referrer must be a string: the page’s document.referrer' })
    .max(REFERRER_MAX_LENGTH, { error: `referrer is at most ${REFERRER_MAX_LENGTH} characters` })
    .refine(isReferrer, { error: 'referrer must be a URL, or empty' })
    .nullable()
    .optional(),
  utmMedium: z
    .string({ error: 'utmMedium must be a string: the utm_medium of the URL the reader landed on' })
    .max(UTM_MEDIUM_MAX_LENGTH, { error: `utmMedium is at most ${UTM_MEDIUM_MAX_LENGTH} characters` })
    .nullable()
    .optional(),
});
export type ViewBody = z.infer<typeof viewBodySchema>;

const instant = z.string().refine(isRangeInstant, { error: rangeMessages.instant });

export const analyticsQuerySchema = z.object({
  from: instant.optional(),
  to: instant.optional(),
  interval: z.enum(INTERVALS, { error: 'interval must be hour or day' }).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
