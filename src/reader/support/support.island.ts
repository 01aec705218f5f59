import { DONATION_MAX, DONATION_MIN, formatMoney } from '../../domain/members/money.ts';
import { currentReader, ReaderCallError, readerCall } from '../account/reader-api.ts';
import { wireSignInForm } from '../account/sign-in-form.ts';
import { part } from '../../web/islands/island.ts';
import {
  GIFT_ERROR_PART,
  GIFT_FORM_PART,
  SIGN_IN_FORM_PART,
  SUPPORT_SIGN_IN_PART,
  SUPPORT_STATUS_PART,
  SUPPORT_THANKS_PART,
} from '../../contract/island-parts.ts';

import { isLocalPath } from '../../domain/readers/rules.ts';

/**
 * /support (decision 094): a plan's button sends a signed-in reader to Stripe Checkout (anyone else
 * signs in first, by a link that brings them back here); the gift form sends anyone to Checkout for
 * a one-off gift. Coming back from Checkout (#membership-welcome, #thank-you) says thank you.
 */
export async function mount(page: HTMLElement): Promise<void> {
  // From a story's panel (/support?next=/story/...): Checkout brings the reader back to that story.
  const asked = new URLSearchParams(location.search).get('next');
  const next = asked && isLocalPath(asked) ? asked : '/account';
  if (location.hash === '#thank-you' || location.hash === '#membership-welcome') part(page, SUPPORT_THANKS_PART)!.hidden = false;
  const status = part(page, SUPPORT_STATUS_PART);
  const signIn = part(page, SUPPORT_SIGN_IN_PART);
  const reader = await currentReader();
  for (const button of page.querySelectorAll<HTMLButtonElement>('button[data-tier]')) {
    button.disabled = false;
    button.addEventListener('click', () => {
      if (!reader) {
        if (signIn) {
          signIn.hidden = false;
          signIn.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
        }
        return;
      }
      if (status) status.textContent = 'Taking you to checkout…';
      readerCall<{ url: string }>('POST', '/api/members/checkout', {
        tierId: Number(button.dataset.tier),
        interval: button.dataset.interval,
        next,
      })
        .then(({ url }) => location.assign(url))
        .catch((failure: unknown) => {
          if (!status) return;
          status.textContent = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
        });
    });
  }
  const signInForm = signIn && part<HTMLFormElement>(signIn, SIGN_IN_FORM_PART);
  if (signInForm) {
    // The link brings the reader back here, still on their way to the story.
    signInForm.dataset.next = `${location.pathname}${location.search}`;
    wireSignInForm(signInForm);
  }
  const gift = part<HTMLFormElement>(page, GIFT_FORM_PART);
  if (gift) wireGiftForm(gift);
}

function wireGiftForm(form: HTMLFormElement): void {
  const currency = form.dataset.currency ?? 'usd';
  const amount = form.querySelector<HTMLInputElement>('input[name="amount"]')!;
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const error = part(form, GIFT_ERROR_PART)!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  button.disabled = false;
  // The amount field is "Another amount": typing in it chooses it, and choosing a preset empties it, so what is charged is what the reader sees.
  const other = form.querySelector<HTMLInputElement>('input[name="preset"][value="other"]')!;
  const typed = () => {
    if (amount.value.trim()) other.checked = true;
  };
  typed(); // What was typed before this island ran.
  amount.addEventListener('input', typed);
  form.addEventListener('change', (event) => {
    const chosen = event.target as HTMLInputElement;
    if (chosen.name === 'preset' && chosen.value !== 'other') amount.value = '';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const preset = form.querySelector<HTMLInputElement>('input[name="preset"]:checked')?.value;
    const cents = preset && preset !== 'other' ? Number(preset) : Math.round(Number(amount.value.replace(',', '.')) * 100);
    error.textContent = '';
    if (!Number.isInteger(cents) || cents < DONATION_MIN || cents > DONATION_MAX) {
      error.textContent = `Give from ${formatMoney({ amount: DONATION_MIN, currency })} to ${formatMoney({ amount: DONATION_MAX, currency })}.`;
      amount.focus();
      return;
    }
    button.disabled = true;
    readerCall<{ url: string }>('POST', '/api/members/donate', {
      amount: cents,
      currency,
      ...(email.value.trim() ? { email: email.value.trim() } : {}),
      next: '/support',
    })
      .then(({ url }) => location.assign(url))
      .catch((failure: unknown) => {
        button.disabled = false;
        error.textContent = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
      });
  });
}
