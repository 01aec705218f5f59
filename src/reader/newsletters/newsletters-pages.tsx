/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS, NEWSLETTER_PATHS, READER_PATHS } from '../../contract/page-contract.ts';
import { LINK_NEXT_STEP_PART, LINK_STATUS_PART, NEWSLETTERS_STATUS_PART } from '../../contract/island-parts.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import { site } from '../../domain/site/site.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';
import { island, part } from '../island.ts';
import { SubscribeForm } from './newsletter-signup.tsx';

/**
 * Newsletters' pages (decision 082): every newsletter with its form at /newsletters, and the page a
 * confirmation link opens. The signup box other pages carry is newsletter-signup.tsx.
 */

export const newslettersHead = (): PageHead => ({
  title: `Newsletters – ${site.name}`,
  description: `${site.name}’s newsletters: the stories, in your inbox.`,
  openGraph: [],
  twitter: [],
  jsonLd: [],
});
export const confirmHead = (): PageHead => ({
  ...newslettersHead(),
  title: `Confirming your subscription – ${site.name}`,
  robots: 'noindex',
});

/** /newsletters: every newsletter and its form; its island sends a subscription that arrived before a form's island woke. */
export function NewslettersPage({ newsletters, context }: { newsletters: readonly Newsletter[]; context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow newsletters-page" {...island(ISLANDS.newslettersPage)}>
        <h1 class="section-title">Newsletters</h1>
        <p>
          The stories, in your inbox. Pick any: we mail you a link to confirm each one, and every issue has a one-click unsubscribe. Signed
          in, you manage them all on <a href={READER_PATHS.account}>your account page</a>.
        </p>
        <p class="form-status newsletters-page-status" role="status" aria-live="polite" {...part(NEWSLETTERS_STATUS_PART)}></p>
        {newsletters.length > 0 ? (
          <ul class="newsletter-list">
            {newsletters.map((newsletter) => (
              <li class="newsletter-item">
                <h2 class="newsletter-item-title">{newsletter.name}</h2>
                {newsletter.beat ? <p class="kicker">{newsletter.beat.name}</p> : null}
                {newsletter.description ? <p>{newsletter.description}</p> : null}
                <SubscribeForm newsletter={newsletter} idPrefix="list" />
              </li>
            ))}
          </ul>
        ) : (
          <p class="empty">No newsletters yet.</p>
        )}
      </div>
    </PageFrame>
  );
}

/** /newsletters/confirm: what a confirmation link opens; its island confirms with the link's token and says what came of it. */
export function ConfirmPage({ context }: { context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow account-page">
        <section class="account" {...island(ISLANDS.newsletterConfirm)} aria-labelledby="confirm-heading">
          <h1 id="confirm-heading" class="section-title">
            Confirming your subscription…
          </h1>
          <p class="form-status" role="status" aria-live="polite" {...part(LINK_STATUS_PART)}>
            One moment.
          </p>
          <noscript>
            <p>Confirming needs JavaScript in this browser.</p>
          </noscript>
          <p>
            <a class="next-step" href={NEWSLETTER_PATHS.list} {...part(LINK_NEXT_STEP_PART)}>
              All newsletters
            </a>
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
