/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS, NEWSLETTER_PATHS } from '../../contract/page-contract.ts';
import { SUBSCRIBE_STATUS_PART } from '../../contract/island-parts.ts';
import { MAIL_ADDRESS_MAX } from '../../domain/mail/address.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import { island, part } from '../island.ts';

/** The subscribe island's props: the newsletter's slug. */
export interface NewsletterSubscribeProps {
  slug: string;
}

/**
 * A newsletter's form. Its island sends it; should the reader press Enter before the island woke,
 * the browser sends it to /newsletters (`?subscribe={slug}&email=`), whose island sends it on: the
 * address is never lost.
 */
export function SubscribeForm({ newsletter, idPrefix }: { newsletter: Newsletter; idPrefix: string }) {
  const id = `${idPrefix}-${newsletter.slug}`;
  return (
    <form
      class="newsletter-form"
      action={NEWSLETTER_PATHS.list}
      method="get"
      {...island<NewsletterSubscribeProps>(ISLANDS.newsletterSubscribe, { slug: newsletter.slug })}
    >
      <input type="hidden" name="subscribe" value={newsletter.slug} />
      <label class="visually-hidden" for={`${id}-email`}>
        Email address
      </label>
      <input
        id={`${id}-email`}
        class="input newsletter-email"
        type="email"
        name="email"
        autocomplete="email"
        maxlength={MAIL_ADDRESS_MAX}
        required
        placeholder="you@example.com"
      />
      <button type="submit" class="button button-primary">
        Subscribe
      </button>
      <p class="form-status newsletter-status" role="status" aria-live="polite" {...part(SUBSCRIBE_STATUS_PART)}></p>
    </form>
  );
}

/** The signup box under a page: the newsletter's name, what it is, the form; nothing without a newsletter. */
export function NewsletterSignup({ newsletter, idPrefix }: { newsletter: Newsletter | null; idPrefix: string }) {
  if (!newsletter) return null;
  const heading = `${idPrefix}-${newsletter.slug}-heading`;
  return (
    <section class="newsletter-signup page" aria-labelledby={heading}>
      <div class="newsletter-signup-inner">
        <h2 id={heading} class="newsletter-signup-title">
          Get {newsletter.name} by email
        </h2>
        {newsletter.description ? <p class="newsletter-signup-description">{newsletter.description}</p> : null}
        <SubscribeForm newsletter={newsletter} idPrefix={idPrefix} />
        <p class="newsletter-signup-fine">
          Free. We mail you a link to confirm; every issue has a one-click unsubscribe. <a href={NEWSLETTER_PATHS.list}>All newsletters</a>
        </p>
      </div>
    </section>
  );
}
