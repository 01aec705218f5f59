/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { MEMBER_PATHS } from '../../contract/page-contract.ts';
import { site } from '../../domain/site/site.ts';

/** The ask at the end of a story (kept apart from the story's gate): a sentence and a link to /support. */
export function DonationAsk() {
  return (
    <aside class="donation-ask" aria-labelledby="donation-ask-heading">
      <h2 id="donation-ask-heading">Journalism its readers pay for</h2>
      <p>
        {site.name} answers to no owner and no advertiser, only to its readers. If this story was worth something to you, help us report the
        next one.
      </p>
      <p>
        <a class="button button-primary" href={MEMBER_PATHS.support}>
          Support us
        </a>
      </p>
    </aside>
  );
}
