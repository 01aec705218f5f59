import { ConflictError, ValidationError } from '../../domain/errors.ts';
import type { MemberRepository, PaymentGateway, TierRepository } from '../../domain/members/revenue-ports.ts';
import { givesAccess } from '../../domain/members/membership.ts';
import type { CheckoutInput, DonateInput } from '../../domain/members/schemas.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import { gatewayOrThrow } from './payments.ts';
import { PORTAL_SETTING } from './tiers.ts';

/**
 * Sending readers to Stripe (docs/product/api.md, "Members and reader revenue"): Checkout for a
 * subscription or a gift, the billing portal for everything after. Where they land when they come
 * back: the page they left (`next`), with a fragment its island reads (the page itself stays the
 * cached page of the reader's level).
 */

export interface CheckoutDeps {
  tiers: TierRepository;
  members: MemberRepository;
  payments: PaymentGateway | null;
  settings: SettingsRepository;
  clock: Clock;
}

/** The fragment a page returns to after Checkout: its island waits for the membership, then shows the story whole. */
export const WELCOME_FRAGMENT = 'membership-welcome';
export const THANKS_FRAGMENT = 'thank-you';

/** POST /api/members/checkout: one paid membership per reader; a change of plan goes through the portal. */
export async function startCheckout(deps: CheckoutDeps, reader: Reader, input: CheckoutInput, origin: string): Promise<{ url: string }> {
  const stripe = gatewayOrThrow(deps.payments);
  const tier = await deps.tiers.findById(input.tierId);
  if (!tier || !tier.isActive) throw new ValidationError({ tierId: 'There is no such tier' });
  const state = await deps.members.state(reader.id, deps.clock.now());
  const current = state.subscription;
  if (current && givesAccess(current, deps.clock.now())) {
    if (current.tierId === tier.id && current.interval === input.interval)
      throw new ConflictError('already_paid', 'You are already a paying member on this plan.');
    throw new ConflictError('change_in_portal', 'You already have a paid membership: change your plan in Manage billing.', undefined, {
      portal: true,
    });
  }
  const back = input.next ?? '/account';
  const page = await stripe.subscriptionCheckout({
    priceId: input.interval === 'month' ? tier.stripeMonthlyPriceId : tier.stripeYearlyPriceId,
    tierId: tier.id,
    readerId: reader.id,
    email: reader.email,
    customerId: state.customerId,
    successUrl: `${origin}${withFragment(back, WELCOME_FRAGMENT)}`,
    cancelUrl: `${origin}${back}`,
  });
  return { url: page.url };
}

/** POST /api/members/donate: a one-off gift, from anyone (a signed-in reader's is theirs). */
export async function startDonation(
  deps: CheckoutDeps,
  reader: Reader | null,
  input: DonateInput,
  origin: string,
): Promise<{ url: string }> {
  const stripe = gatewayOrThrow(deps.payments);
  const state = reader ? await deps.members.state(reader.id, deps.clock.now()) : null;
  const back = input.next ?? '/support';
  const page = await stripe.donationCheckout({
    gift: { amount: input.amount, currency: input.currency },
    email: input.email ?? reader?.email ?? null,
    readerId: reader?.id ?? null,
    customerId: state?.customerId ?? null,
    successUrl: `${origin}${withFragment(back, THANKS_FRAGMENT)}`,
    cancelUrl: `${origin}${back}`,
  });
  return { url: page.url };
}

/** POST /api/members/portal: Stripe's billing portal, for a reader who has paid before. */
export async function openBillingPortal(deps: CheckoutDeps, reader: Reader, origin: string): Promise<{ url: string }> {
  const stripe = gatewayOrThrow(deps.payments);
  const state = await deps.members.state(reader.id, deps.clock.now());
  if (!state.customerId) throw new ConflictError('no_billing', 'There is no billing to manage yet: become a member first.');
  const configuration = await deps.settings.get(PORTAL_SETTING);
  const page = await stripe.billingPortal({
    customerId: state.customerId,
    returnUrl: `${origin}/account`,
    configuration: typeof configuration === 'string' ? configuration : null,
  });
  return { url: page.url };
}

function withFragment(path: string, fragment: string): string {
  const hash = path.indexOf('#');
  return `${hash === -1 ? path : path.slice(0, hash)}#${fragment}`;
}
