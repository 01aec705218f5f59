/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS, READER_PATHS } from '../../contract/page-contract.ts';
import { LINK_STATUS_PART, SIGNED_OUT_PART } from '../../contract/island-parts.ts';
import { SIGN_IN_LINK_MINUTES } from '../../domain/readers/rules.ts';
import { site } from '../../domain/site/site.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { privateHead } from '../frame/page-head.ts';
import { island, part } from '../island.ts';
import { ReaderSignInForm } from './reader-sign-in-form.tsx';

/**
 * The reader's account pages (decision 081): the same page for everyone, edge-cached like every
 * reader page; their islands ask the API who is signed in. Without script the account page still
 * says how signing in works.
 */

export const accountHead = () => privateHead('Your account', `Sign in to ${site.name} with a link we mail you: no password.`);
export const signInLinkHead = () => privateHead('Signing you in', `Signing you in to ${site.name}.`);

/** /account: the sign-in form, which the account island (reader-account.island.ts) replaces with the account of a signed-in reader. */
export function AccountPage({ context }: { context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow account-page">
        <section class="account" {...island(ISLANDS.readerAccount)} aria-labelledby="account-heading">
          <h1 id="account-heading" class="section-title">
            Your account
          </h1>
          <div class="account-signed-out" {...part(SIGNED_OUT_PART)}>
            <p>
              Sign in with your email address. We mail you a link that signs you in: no password to remember. The link works once, for{' '}
              {SIGN_IN_LINK_MINUTES} minutes.
            </p>
            <ReaderSignInForm idPrefix="account" />
            <noscript>
              <p class="field-hint">Signing in needs JavaScript in this browser.</p>
            </noscript>
          </div>
        </section>
      </div>
    </PageFrame>
  );
}

/** /account/signin: what a sign-in link opens; its island signs the reader in with the link's token. */
export function SignInLinkPage({ context }: { context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow account-page">
        <section class="account" {...island(ISLANDS.readerSignIn)} aria-labelledby="sign-in-heading">
          <h1 id="sign-in-heading" class="section-title">
            Signing you in…
          </h1>
          <p class="form-status" role="status" aria-live="polite" {...part(LINK_STATUS_PART)}>
            One moment.
          </p>
          <div class="sign-in-confirm" data-confirm-sign-in hidden>
            <p data-confirm-who></p>
            <p data-confirm-joins hidden></p>
            <p>
              This link was asked for in another browser. Sign in only if this is your address: whoever signs in here reads and acts as this
              account.
            </p>
            <p>
              <button type="button" class="button" data-confirm-yes>
                Sign me in
              </button>{' '}
              <a class="button button-secondary" href={READER_PATHS.account}>
                Not me
              </a>
            </p>
          </div>
          <noscript>
            <p>Signing in with a link needs JavaScript in this browser.</p>
          </noscript>
          <p>
            <a href={READER_PATHS.account}>Your account</a>
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
