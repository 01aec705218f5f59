import { z } from 'zod';
import { isRangeInstant, rangeMessages } from '../readership/analytics-range.ts';
import { mailAddressSchema } from '../mail/schemas.ts';
import { isLocalPath } from '../readers/rules.ts';
import { INTERVALS } from './entities.ts';
import { CURRENCIES, DONATION_MAX, DONATION_MIN, formatMoney, PRICE_MAX, PRICE_MIN } from './money.ts';

/** Request bodies and queries of the members' calls (docs/product/api.md, "Members and reader revenue"). */

export const memberMessages = {
  tierName: 'A tier needs a name of at most 100 characters',
  tierDescription: 'A description is at most 1,000 characters',
  currency: `Choose a currency: ${CURRENCIES.join(', ')}`,
  price: `A price is a whole number of cents from ${formatMoney({ amount: PRICE_MIN, currency: 'usd' })} to ${formatMoney({ amount: PRICE_MAX, currency: 'usd' })}`,
  sameCurrency: 'The monthly and yearly prices are in one currency',
  tierId: 'Choose a tier',
  interval: 'Choose month or year',
  donation: `A gift is a whole number of cents from ${formatMoney({ amount: DONATION_MIN, currency: 'usd' })} to ${formatMoney({ amount: DONATION_MAX, currency: 'usd' })}`,
  next: 'next is a path on this site',
  comped: 'comped is true or false',
  status: 'status is free, paid or comped',
} as const;

const price = z.object(
  {
    amount: z
      .number({ error: memberMessages.price })
      .int({ error: memberMessages.price })
      .min(PRICE_MIN, { error: memberMessages.price })
      .max(PRICE_MAX, { error: memberMessages.price }),
    currency: z
      .string({ error: memberMessages.currency })
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(CURRENCIES, { error: memberMessages.currency })),
  },
  { error: memberMessages.price },
);

const tierFields = {
  name: z
    .string({ error: memberMessages.tierName })
    .trim()
    .min(1, { error: memberMessages.tierName })
    .max(100, { error: memberMessages.tierName }),
  description: z
    .string({ error: memberMessages.tierDescription })
    .trim()
    .max(1000, { error: memberMessages.tierDescription })
    .nullable()
    .transform((value) => value ?? ''),
  monthly: price,
  yearly: price,
  isActive: z.boolean({ error: 'isActive is true or false' }),
};

const oneCurrency = (tier: { monthly?: { currency: string }; yearly?: { currency: string } }) =>
  !tier.monthly || !tier.yearly || tier.monthly.currency === tier.yearly.currency;

/** POST /api/members/tiers. */
export const tierCreateSchema = z
  .object({
    ...tierFields,
    description: tierFields.description.optional().default(''),
    isActive: tierFields.isActive.optional().default(true),
  })
  .refine(oneCurrency, { error: memberMessages.sameCurrency, path: ['yearly'] });
export type TierInput = z.infer<typeof tierCreateSchema>;

/** PUT /api/members/tiers/{id}: what is given changes, the rest stays. */
export const tierUpdateSchema = z
  .object({
    name: tierFields.name.optional(),
    description: tierFields.description.optional(),
    monthly: price.optional(),
    yearly: price.optional(),
    isActive: tierFields.isActive.optional(),
  })
  .refine(oneCurrency, { error: memberMessages.sameCurrency, path: ['yearly'] });
export type TierUpdateInput = z.infer<typeof tierUpdateSchema>;

const nextPath = z.string({ error: memberMessages.next }).refine(isLocalPath, { error: memberMessages.next }).optional();

/** POST /api/members/checkout; `next` (ours): where Checkout returns the reader, the story they were reading. */
export const checkoutSchema = z.object({
  tierId: z.number({ error: memberMessages.tierId }).int({ error: memberMessages.tierId }).positive({ error: memberMessages.tierId }),
  interval: z.enum(INTERVALS, { error: memberMessages.interval }),
  next: nextPath,
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** POST /api/members/donate. */
export const donateSchema = z.object({
  amount: z
    .number({ error: memberMessages.donation })
    .int({ error: memberMessages.donation })
    .min(DONATION_MIN, { error: memberMessages.donation })
    .max(DONATION_MAX, { error: memberMessages.donation }),
  currency: z
    .string({ error: memberMessages.currency })
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(CURRENCIES, { error: memberMessages.currency })),
  email: mailAddressSchema.optional(),
  next: nextPath,
});
export type DonateInput = z.infer<typeof donateSchema>;

export const MEMBER_STATUSES = ['free', 'paid', 'comped'] as const;
export const MEMBERS_PAGE_MAX = 200;

/** GET /api/members. */
export const membersQuerySchema = z.object({
  status: z.enum(MEMBER_STATUSES, { error: memberMessages.status }).optional(),
  q: z.string().trim().max(254, { error: 'q is at most 254 characters' }).optional(),
  limit: z.coerce.number().int().min(1).max(MEMBERS_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  format: z.enum(['json', 'csv'], { error: 'format is json or csv' }).default('json'),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;

/** PUT /api/members/{id}. */
export const memberUpdateSchema = z.object({ comped: z.boolean({ error: memberMessages.comped }) });

const rangeInstant = z.string().refine(isRangeInstant, { error: rangeMessages.instant }).optional();

/** GET /api/members/figures: whole UTC days (or instants), 90 days up to today by default. */
export const figuresQuerySchema = z.object({ from: rangeInstant, to: rangeInstant });
