import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { Tier } from '../../domain/members/entities.ts';
import type { PaymentGateway, TierRepository, TierWrite } from '../../domain/members/revenue-ports.ts';
import type { TierInput, TierUpdateInput } from '../../domain/members/schemas.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { gatewayOrThrow } from './payments.ts';

/**
 * Paid tiers (POST/PUT /api/members/tiers): each is a Stripe product with a monthly and a yearly
 * price, made to match. Stripe's prices cannot change their amount: a new amount is a new price, the
 * old one archived (subscribers on it keep it until they change plan: decision 093). The billing
 * portal's settings follow, so readers can move between the active tiers there.
 */

export interface TierDeps {
  tiers: TierRepository;
  payments: PaymentGateway | null;
  settings: SettingsRepository;
  clock: Clock;
}

/** Where the portal's settings id is kept (site_settings). */
export const PORTAL_SETTING = 'members.portal';

/** GET /api/members/tiers: readers see the tiers on offer; staff see every one. */
export async function listTiers(deps: Pick<TierDeps, 'tiers'>, { activeOnly }: { activeOnly: boolean }): Promise<Tier[]> {
  const tiers = await deps.tiers.list();
  return activeOnly ? tiers.filter((tier) => tier.isActive) : tiers;
}

const TIER_NAME_TAKEN = 'A tier with that name already exists';

/**
 * Readers choose between tiers by name (on /support, in Checkout and the billing portal), so two
 * may not share one, whatever its case or spacing. Checked before Stripe hears of the tier.
 */
async function refuseTakenName(deps: Pick<TierDeps, 'tiers'>, name: string, exceptId: number | null): Promise<void> {
  const key = name.trim().toLocaleLowerCase();
  const clash = (await deps.tiers.list()).some((tier) => tier.id !== exceptId && tier.name.trim().toLocaleLowerCase() === key);
  if (clash) throw new ConflictError('tier_name_taken', TIER_NAME_TAKEN, { name: TIER_NAME_TAKEN });
}

export async function createTier(deps: TierDeps, input: TierInput, origin: string): Promise<Tier> {
  const stripe = gatewayOrThrow(deps.payments);
  await refuseTakenName(deps, input.name, null);
  const productId = await stripe.createProduct({ name: input.name, description: input.description, active: input.isActive, tierId: null });
  const [monthlyId, yearlyId] = await Promise.all([
    stripe.createPrice({ productId, currency: input.monthly.currency, amount: input.monthly.amount, interval: 'month' }),
    stripe.createPrice({ productId, currency: input.yearly.currency, amount: input.yearly.amount, interval: 'year' }),
  ]);
  const tier = await deps.tiers.create(
    {
      name: input.name,
      description: input.description,
      currency: input.monthly.currency,
      monthlyAmount: input.monthly.amount,
      yearlyAmount: input.yearly.amount,
      isActive: input.isActive,
      stripeProductId: productId,
      stripeMonthlyPriceId: monthlyId,
      stripeYearlyPriceId: yearlyId,
    },
    deps.clock.now(),
  );
  await configurePortal(deps, stripe, origin);
  return tier;
}

export async function updateTier(deps: TierDeps, id: number, input: TierUpdateInput, origin: string): Promise<Tier> {
  const current = await deps.tiers.findById(id);
  if (!current) throw new NotFoundError('Tier');
  const stripe = gatewayOrThrow(deps.payments);
  if (input.name !== undefined) await refuseTakenName(deps, input.name, id);
  const monthly = input.monthly ?? current.monthly;
  const yearly = input.yearly ?? current.yearly;
  // One currency for the tier: a change of one price's currency moves the other's with it.
  const currency = input.monthly?.currency ?? input.yearly?.currency ?? current.monthly.currency;
  const next = {
    name: input.name ?? current.name,
    description: input.description ?? current.description,
    isActive: input.isActive ?? current.isActive,
  };
  const price = async (interval: 'month' | 'year', amount: number, was: { amount: number; currency: string }, wasId: string) =>
    amount === was.amount && currency === was.currency
      ? wasId
      : stripe.createPrice({ productId: current.stripeProductId, currency, amount, interval });
  const [monthlyId, yearlyId] = await Promise.all([
    price('month', monthly.amount, current.monthly, current.stripeMonthlyPriceId),
    price('year', yearly.amount, current.yearly, current.stripeYearlyPriceId),
    stripe.updateProduct(current.stripeProductId, { name: next.name, description: next.description, active: next.isActive }),
  ]);
  const write: TierWrite = {
    ...next,
    currency,
    monthlyAmount: monthly.amount,
    yearlyAmount: yearly.amount,
    stripeProductId: current.stripeProductId,
    stripeMonthlyPriceId: monthlyId,
    stripeYearlyPriceId: yearlyId,
  };
  const tier = await deps.tiers.update(id, write, deps.clock.now());
  if (!tier) throw new NotFoundError('Tier');
  // After the tier names its new prices: new Checkouts use them; the old ones stop being offered.
  const replaced = [
    monthlyId === current.stripeMonthlyPriceId ? null : current.stripeMonthlyPriceId,
    yearlyId === current.stripeYearlyPriceId ? null : current.stripeYearlyPriceId,
  ].filter((priceId) => priceId !== null);
  await Promise.all(replaced.map((priceId) => stripe.archivePrice(priceId)));
  await configurePortal(deps, stripe, origin);
  return tier;
}

/** The portal offers the active tiers' prices to change between; its settings are made once and then kept up to date. */
async function configurePortal(deps: TierDeps, stripe: PaymentGateway, origin: string): Promise<void> {
  const active = (await deps.tiers.list()).filter((tier) => tier.isActive);
  const existing = await deps.settings.get(PORTAL_SETTING);
  const configuration = await stripe.configurePortal(
    typeof existing === 'string' ? existing : null,
    active.map((tier) => ({ productId: tier.stripeProductId, priceIds: [tier.stripeMonthlyPriceId, tier.stripeYearlyPriceId] })),
    `${origin}/account`,
  );
  if (configuration !== existing) await deps.settings.put(PORTAL_SETTING, configuration, null, deps.clock.now());
}
