/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { SupportPageRead } from '../../services/reader-pages/site-pages.ts';
import { ISLANDS, MEMBER_PATHS } from '../../contract/page-contract.ts';
import {
  GIFT_ERROR_PART,
  GIFT_FORM_PART,
  SUPPORT_SIGN_IN_PART,
  SUPPORT_STATUS_PART,
  SUPPORT_THANKS_PART,
} from '../../contract/island-parts.ts';

import { MAIL_ADDRESS_MAX } from '../../domain/mail/address.ts';
import type { Tier } from '../../domain/members/entities.ts';
import { DONATION_MAX, DONATION_MIN, DONATION_PRESETS, formatMoney } from '../../domain/members/money.ts';
import { site } from '../../domain/site/site.ts';
import { ReaderSignInForm } from '../account/reader-sign-in-form.tsx';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';
import { island, part } from '../island.ts';

/**
 * /support (decision 094): the paid tiers on offer and a one-off gift, the same page for everyone
 * (edge-cached); its island (support.island.ts) sends a signed-in reader to Checkout, asks anyone else
 * to sign in first, and sends a gift from anyone. Without payments set up it says so and offers free membership.
 */

export const supportHead = (origin: string): PageHead => ({
  title: `Support ${site.name}`,
  description: `Become a member of ${site.name}, or give once: independent journalism paid for by its readers.`,
  canonical: `${origin}${MEMBER_PATHS.support}`,
  openGraph: [],
  twitter: [],
  jsonLd: [],
});

function TierCard({ tier }: { tier: Tier }) {
  const plan = (interval: 'month' | 'year', price: string, label: string) => (
    <button
      type="button"
      class={`button ${interval === 'month' ? 'button-primary' : 'button-secondary'}`}
      data-tier={tier.id}
      data-interval={interval}
      disabled
    >
      {label}: {price}
    </button>
  );
  return (
    <li class="tier-card">
      <h3>{tier.name}</h3>
      {tier.description ? <p>{tier.description}</p> : null}
      <div class="button-row">
        {plan('month', formatMoney(tier.monthly), 'Monthly')}
        {plan('year', formatMoney(tier.yearly), 'Yearly')}
      </div>
    </li>
  );
}

function GiftForm({ currency }: { currency: string }) {
  return (
    <form class="form gift-form" data-currency={currency} novalidate {...part(GIFT_FORM_PART)}>
      <fieldset>
        <legend>Choose an amount</legend>
        {DONATION_PRESETS.map((amount, index) => (
          <label class="gift-preset">
            <input type="radio" name="preset" value={String(amount)} checked={index === 1} /> {formatMoney({ amount, currency })}
          </label>
        ))}
        <label class="gift-preset">
          <input type="radio" name="preset" value="other" /> Another amount
        </label>
      </fieldset>
      <div class="field">
        <label class="field-label" for="gift-amount">
          Amount ({currency.toUpperCase()})
        </label>
        <input id="gift-amount" class="input" name="amount" inputmode="decimal" aria-describedby="gift-amount-hint gift-error" />
        <p id="gift-amount-hint" class="field-hint">
          From {formatMoney({ amount: DONATION_MIN, currency })} to {formatMoney({ amount: DONATION_MAX, currency })}.
        </p>
      </div>
      <div class="field">
        <label class="field-label" for="gift-email">
          Email for your receipt (optional)
        </label>
        <input id="gift-email" class="input" type="email" name="email" autocomplete="email" maxlength={MAIL_ADDRESS_MAX} />
      </div>
      <p id="gift-error" class="field-error" aria-live="polite" {...part(GIFT_ERROR_PART)}></p>
      <div>
        <button type="submit" class="button button-primary" disabled>
          Give
        </button>
      </div>
    </form>
  );
}

function Offers({ tiers }: { tiers: readonly Tier[] }) {
  const currency = tiers[0]?.monthly.currency ?? 'usd';
  return (
    <>
      {tiers.length > 0 ? (
        <section aria-labelledby="tiers-heading">
          <h2 id="tiers-heading">Become a member</h2>
          <p>
            Members read every story, and keep this newsroom independent. Cancel whenever you like; you keep reading to the end of what you
            paid for.
          </p>
          <ul class="tier-cards">
            {tiers.map((tier) => (
              <TierCard tier={tier} />
            ))}
          </ul>
          <div class="support-sign-in" hidden {...part(SUPPORT_SIGN_IN_PART)}>
            <p>Sign in first: we mail you a link, then you choose your plan.</p>
            <ReaderSignInForm idPrefix="support" next={MEMBER_PATHS.support} />
          </div>
          <p class="form-status support-status" role="status" aria-live="polite" {...part(SUPPORT_STATUS_PART)}></p>
        </section>
      ) : null}
      <section aria-labelledby="gift-heading">
        <h2 id="gift-heading">Give once</h2>
        <p>A one-off gift, any time: no account needed.</p>
        <GiftForm currency={currency} />
      </section>
    </>
  );
}

/** /support: the tiers and the gift form, or, without payments, the way to join for free. */
export function SupportPage({ data, context }: { data: SupportPageRead; context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow support-page" {...island(ISLANDS.support)}>
        <h1 class="section-title">Support {site.name}</h1>
        <p class="support-thanks" role="status" hidden {...part(SUPPORT_THANKS_PART)}>
          Thank you! Your support keeps this newsroom going.
        </p>
        {data.paymentsReady ? (
          <Offers tiers={data.tiers} />
        ) : (
          <p>
            Paid membership is not set up on this site yet. You can still <a href="/account">join for free</a> and get our newsletters.
          </p>
        )}
        <noscript>
          <p class="field-hint">Joining and giving need JavaScript in this browser.</p>
        </noscript>
      </div>
    </PageFrame>
  );
}
