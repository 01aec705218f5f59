/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { UnsubscribePageRead, UnsubscribeScreen } from '../../services/reader-pages/unsubscribe-page.ts';
import { NEWSLETTER_PATHS, READER_PATHS } from '../../contract/page-contract.ts';
import { site } from '../../domain/site/site.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';

/**
 * Where an unsubscribe link lands (/newsletters/unsubscribe?token=; the API's GET of the mail
 * header's address shows the same page): in the site's frame, one question and one button, which
 * posts RFC 8058's `List-Unsubscribe=One-Click` back to this page. A GET alone never unsubscribes
 * (link scanners and prefetchers follow links). After it, or for an address already out, one next step.
 */

export const unsubscribeHead = (screen: UnsubscribeScreen): PageHead => ({
  title: `${screen.kind === 'ask' ? 'Unsubscribe' : screen.kind === 'done' ? 'Unsubscribed' : 'Link not valid'} – ${site.name}`,
  description: `${site.name}’s newsletters.`,
  robots: 'noindex',
  openGraph: [],
  twitter: [],
  jsonLd: [],
});

function Screen({ screen }: { screen: UnsubscribeScreen }) {
  if (screen.kind === 'invalid')
    return (
      <>
        <h1 id="unsubscribe-heading" class="section-title">
          This link is not valid
        </h1>
        <p>Use the unsubscribe link at the end of one of our newsletters, or sign in to choose your newsletters yourself.</p>
        <p>
          <a class="button button-primary" href={READER_PATHS.account}>
            Go to your account
          </a>
        </p>
      </>
    );
  const what = screen.newsletterName ?? 'this newsletter';
  if (screen.kind === 'done')
    return (
      <>
        <h1 id="unsubscribe-heading" class="section-title">
          You are unsubscribed
        </h1>
        <p>You will get no more issues of {what}.</p>
        <p>
          <a class="button button-primary" href="/">
            Go to the front page
          </a>
        </p>
      </>
    );
  const action = `${NEWSLETTER_PATHS.unsubscribe}?${new URLSearchParams({ token: screen.token })}`;
  return (
    <>
      <h1 id="unsubscribe-heading" class="section-title">
        Unsubscribe from {what}?
      </h1>
      <p>You will get no more issues of {what}.</p>
      <form method="post" action={action}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" class="button button-primary">
          Unsubscribe
        </button>
      </form>
    </>
  );
}

export function UnsubscribePage({ data, context }: { data: UnsubscribePageRead; context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow account-page">
        <section class="account unsubscribe" aria-labelledby="unsubscribe-heading">
          <Screen screen={data.screen} />
        </section>
      </div>
    </PageFrame>
  );
}
