import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS, NEWSLETTER_PATHS, READER_PATHS, READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { MAIL_ADDRESS_MAX } from '../../../domain/mail/address.ts';
import type { Newsletter } from '../../../domain/newsletters/entities.ts';
import { site } from '../../../domain/site/site.ts';
import { island } from './islands.ts';
import type { PageHead } from './page-head.ts';
import { footer, header, type ReadingViewContext } from './reading-view.ts';

/**
 * Newsletters on the reader's pages (decision 082): a subscribe form on the home page (the
 * newsroom's own), at the end of every story (its beat's, else the newsroom's), on a beat's page
 * (that beat's), and every one at /newsletters; and the page a confirmation link opens.
 */

/** The newsroom's own newsletter: the first active one (by name) that belongs to no beat. */
export function newsroomNewsletter(newsletters: readonly Newsletter[]): Newsletter | null {
  return newsletters.find((newsletter) => newsletter.isActive && newsletter.beat === null) ?? null;
}

/** A beat's newsletter (the first active one for it), or null. */
export function beatNewsletter(newsletters: readonly Newsletter[], beatId: number | null | undefined): Newsletter | null {
  if (beatId == null) return null;
  return newsletters.find((newsletter) => newsletter.isActive && newsletter.beat?.id === beatId) ?? null;
}

/**
 * A newsletter's form. Its island sends it; should the reader press Enter before the island woke,
 * the browser sends it to /newsletters (`?subscribe={slug}&email=`), whose island sends it on: the
 * address is never lost.
 */
export function subscribeForm(newsletter: Newsletter, idPrefix: string): string {
  const id = `${idPrefix}-${newsletter.slug}`;
  return `<form class="newsletter-form" action="${NEWSLETTER_PATHS.list}" method="get"${island(ISLANDS.newsletterSubscribe, { slug: newsletter.slug })}>
<input type="hidden" name="subscribe" value="${esc(newsletter.slug)}">
<label class="visually-hidden" for="${id}-email">Email address</label>
<input id="${id}-email" class="input newsletter-email" type="email" name="email" autocomplete="email" maxlength="${MAIL_ADDRESS_MAX}" required placeholder="you@example.com">
<button type="submit" class="button button-primary">Subscribe</button>
<p class="form-status newsletter-status" role="status" aria-live="polite"></p>
</form>`;
}

/** The signup box: the newsletter's name, what it is, the form. */
export function newsletterSignup(newsletter: Newsletter | null, idPrefix: string): string {
  if (!newsletter) return '';
  const heading = `${idPrefix}-${newsletter.slug}-heading`;
  return `<section class="newsletter-signup page" aria-labelledby="${heading}"><div class="newsletter-signup-inner">
<h2 id="${heading}" class="newsletter-signup-title">Get ${esc(newsletter.name)} by email</h2>
${newsletter.description ? `<p class="newsletter-signup-description">${esc(newsletter.description)}</p>` : ''}
${subscribeForm(newsletter, idPrefix)}
<p class="newsletter-signup-fine">Free. We mail you a link to confirm; every issue has a one-click unsubscribe. <a href="${NEWSLETTER_PATHS.list}">All newsletters</a></p>
</div></section>`;
}

const listHead = (): PageHead => ({
  title: `Newsletters – ${site.name}`,
  description: `${site.name}’s newsletters: the stories, in your inbox.`,
  openGraph: [],
  twitter: [],
  jsonLd: [],
});
export const newslettersHead = listHead;
export const confirmHead = (): PageHead => ({ ...listHead(), title: `Confirming your subscription – ${site.name}`, robots: 'noindex' });

export function newslettersReadingView(newsletters: readonly Newsletter[], { now, beats = [] }: ReadingViewContext): string {
  const items = newsletters.map(
    (newsletter) => `<li class="newsletter-item"><h2 class="newsletter-item-title">${esc(newsletter.name)}</h2>
${newsletter.beat ? `<p class="kicker">${esc(newsletter.beat.name)}</p>` : ''}${newsletter.description ? `<p>${esc(newsletter.description)}</p>` : ''}
${subscribeForm(newsletter, 'list')}</li>`,
  );
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page narrow newsletters-page"${island(ISLANDS.newslettersPage)}>
<h1 class="section-title">Newsletters</h1>
<p>The stories, in your inbox. Pick any: we mail you a link to confirm each one, and every issue has a one-click unsubscribe. Signed in, you manage them all on <a href="${READER_PATHS.account}">your account page</a>.</p>
<p class="form-status newsletters-page-status" role="status" aria-live="polite"></p>
${items.length > 0 ? `<ul class="newsletter-list">${items.join('\n')}</ul>` : '<p class="empty">No newsletters yet.</p>'}
</div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}

export function confirmReadingView({ now, beats = [] }: ReadingViewContext): string {
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page narrow account-page">
<section class="account"${island(ISLANDS.newsletterConfirm)} aria-labelledby="confirm-heading">
<h1 id="confirm-heading" class="section-title">Confirming your subscription…</h1>
<p class="form-status" role="status" aria-live="polite">One moment.</p>
<noscript><p>Confirming needs JavaScript in this browser.</p></noscript>
<p><a class="next-step" href="${NEWSLETTER_PATHS.list}">All newsletters</a></p>
</section></div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
