import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS, READER_PATHS, READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { MAIL_ADDRESS_MAX } from '../../../domain/mail/address.ts';
import { SIGN_IN_LINK_MINUTES } from '../../../domain/readers/rules.ts';
import { site } from '../../../domain/site/site.ts';
import { island } from './islands.ts';
import type { PageHead } from './page-head.ts';
import { footer, header, type ReadingViewContext } from './reading-view.ts';

/**
 * The reader's account pages (decision 081): the same page for everyone, edge-cached like every
 * reader page; their islands ask the API who is signed in. Without script the account page still
 * says how signing in works.
 */

const privateHead = (title: string, description: string): PageHead => ({
  title: `${title} – ${site.name}`,
  description,
  robots: 'noindex',
  openGraph: [],
  twitter: [],
  jsonLd: [],
});

export const accountHead = () => privateHead('Your account', `Sign in to ${site.name} with a link we mail you: no password.`);
export const signInLinkHead = () => privateHead('Signing you in', `Signing you in to ${site.name}.`);

/**
 * The sign-in form readers meet on the account page. Its button waits for the island (it cannot
 * send without it: the call is JSON), so a click before the island woke cannot reload the page and
 * lose what was typed.
 */
export function readerSignInForm(idPrefix: string, next: string = READER_PATHS.account): string {
  return `<form class="form reader-sign-in-form" data-next="${esc(next)}" novalidate>
<div class="field"><label class="field-label" for="${idPrefix}-email">Email address</label>
<input id="${idPrefix}-email" class="input" type="email" name="email" autocomplete="email" maxlength="${MAIL_ADDRESS_MAX}" required aria-describedby="${idPrefix}-email-error">
<p id="${idPrefix}-email-error" class="field-error" aria-live="polite"></p></div>
<div><button type="submit" class="button button-primary" disabled>Email me a sign-in link</button></div>
<p class="form-status" role="status" aria-live="polite"></p>
</form>`;
}

export function accountReadingView({ now, beats = [] }: ReadingViewContext): string {
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page narrow account-page">
<section class="account"${island(ISLANDS.readerAccount)} aria-labelledby="account-heading">
<h1 id="account-heading" class="section-title">Your account</h1>
<div class="account-signed-out">
<p>Sign in with your email address. We mail you a link that signs you in: no password to remember. The link works once, for ${SIGN_IN_LINK_MINUTES} minutes.</p>
${readerSignInForm('account')}
<noscript><p class="field-hint">Signing in needs JavaScript in this browser.</p></noscript>
</div>
</section></div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}

export function signInLinkReadingView({ now, beats = [] }: ReadingViewContext): string {
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page narrow account-page">
<section class="account"${island(ISLANDS.readerSignIn)} aria-labelledby="sign-in-heading">
<h1 id="sign-in-heading" class="section-title">Signing you in…</h1>
<p class="form-status" role="status" aria-live="polite">One moment.</p>
<div class="sign-in-confirm" data-confirm-sign-in hidden>
<p data-confirm-who></p>
<p data-confirm-joins hidden></p>
<p>This link was asked for in another browser. Sign in only if this is your address: whoever signs in here reads and acts as this account.</p>
<p><button type="button" class="button" data-confirm-yes>Sign me in</button> <a class="button button-secondary" href="${READER_PATHS.account}">Not me</a></p>
</div>
<noscript><p>Signing in with a link needs JavaScript in this browser.</p></noscript>
<p><a href="${READER_PATHS.account}">Your account</a></p>
</section></div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
