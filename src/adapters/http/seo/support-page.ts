import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS, MEMBER_PATHS, READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import type { Tier } from '../../../domain/members/entities.ts';
import { DONATION_MAX, DONATION_MIN, DONATION_PRESETS, formatMoney } from '../../../domain/members/money.ts';
import { MAIL_ADDRESS_MAX } from '../../../domain/mail/address.ts';
import { site } from '../../../domain/site/site.ts';
import { readerSignInForm } from './account-pages.ts';
import { island } from './islands.ts';
import type { PageHead } from './page-head.ts';
import { footer, header, type ReadingViewContext } from './reading-view.ts';

/**
 * /support (decision 094): the paid tiers on offer and a one-off gift, the same page for everyone
 * (edge-cached); its island sends a signed-in reader to Checkout, asks anyone else to sign in first,
 * and sends a gift from anyone. Without payments set up it says so and offers free membership.
 */

export const supportHead = (origin: string): PageHead => ({
  title: `Support ${site.name}`,
  description: `Become a member of ${site.name}, or give once: independent journalism paid for by its readers.`,
  canonical: `${origin}${MEMBER_PATHS.support}`,
  openGraph: [],
  twitter: [],
  jsonLd: [],
});

function tierCard(tier: Tier): string {
  const plan = (interval: 'month' | 'year', price: string, label: string) =>
    `<button type="button" class="button ${interval === 'month' ? 'button-primary' : 'button-secondary'}" data-tier="${tier.id}" data-interval="${interval}" disabled>${esc(label)}: ${esc(price)}</button>`;
  return `<li class="tier-card"><h3>${esc(tier.name)}</h3>${tier.description ? `<p>${esc(tier.description)}</p>` : ''}
<div class="button-row">${plan('month', formatMoney(tier.monthly), 'Monthly')}${plan('year', formatMoney(tier.yearly), 'Yearly')}</div></li>`;
}

function giftForm(currency: string): string {
  const presets = DONATION_PRESETS.map(
    (amount, index) =>
      `<label class="gift-preset"><input type="radio" name="preset" value="${amount}"${index === 1 ? ' checked' : ''}> ${esc(formatMoney({ amount, currency }))}</label>`,
  ).join('');
  return `<form class="form gift-form" data-currency="${esc(currency)}" novalidate>
<fieldset><legend>Choose an amount</legend>${presets}
<label class="gift-preset"><input type="radio" name="preset" value="other"> Another amount</label></fieldset>
<div class="field"><label class="field-label" for="gift-amount">Amount (${esc(currency.toUpperCase())})</label>
<input id="gift-amount" class="input" name="amount" inputmode="decimal" aria-describedby="gift-amount-hint gift-error">
<p id="gift-amount-hint" class="field-hint">From ${esc(formatMoney({ amount: DONATION_MIN, currency }))} to ${esc(formatMoney({ amount: DONATION_MAX, currency }))}.</p></div>
<div class="field"><label class="field-label" for="gift-email">Email for your receipt (optional)</label>
<input id="gift-email" class="input" type="email" name="email" autocomplete="email" maxlength="${MAIL_ADDRESS_MAX}"></div>
<p id="gift-error" class="field-error" aria-live="polite"></p>
<div><button type="submit" class="button button-primary" disabled>Give</button></div>
</form>`;
}

export function supportReadingView(tiers: readonly Tier[], paymentsReady: boolean, { now, beats = [] }: ReadingViewContext): string {
  const currency = tiers[0]?.monthly.currency ?? 'usd';
  const body = paymentsReady
    ? `${
        tiers.length > 0
          ? `<section aria-labelledby="tiers-heading"><h2 id="tiers-heading">Become a member</h2>
<p>Members read every story, and keep this newsroom independent. Cancel whenever you like; you keep reading to the end of what you paid for.</p>
<ul class="tier-cards">${tiers.map(tierCard).join('')}</ul>
<div class="support-sign-in" hidden><p>Sign in first: we mail you a link, then you choose your plan.</p>${readerSignInForm('support', MEMBER_PATHS.support)}</div>
<p class="form-status support-status" role="status" aria-live="polite"></p></section>`
          : ''
      }
<section aria-labelledby="gift-heading"><h2 id="gift-heading">Give once</h2><p>A one-off gift, any time: no account needed.</p>${giftForm(currency)}</section>`
    : `<p>Paid membership is not set up on this site yet. You can still <a href="/account">join for free</a> and get our newsletters.</p>`;
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page narrow support-page"${island(ISLANDS.support)}>
<h1 class="section-title">Support ${esc(site.name)}</h1>
<p class="support-thanks" role="status" hidden>Thank you! Your support keeps this newsroom going.</p>
${body}
<noscript><p class="field-hint">Joining and giving need JavaScript in this browser.</p></noscript>
</div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}

/** The ask at the end of a story (kept apart from the story's gate): a sentence and a link to /support. */
export function donationAsk(): string {
  return `<aside class="donation-ask" aria-labelledby="donation-ask-heading"><h2 id="donation-ask-heading">Journalism its readers pay for</h2>
<p>${esc(site.name)} answers to no owner and no advertiser, only to its readers. If this story was worth something to you, help us report the next one.</p>
<p><a class="button button-primary" href="${MEMBER_PATHS.support}">Support us</a></p></aside>`;
}
