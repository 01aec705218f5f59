/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { READER_PATHS } from '../../contract/page-contract.ts';
import { SIGN_IN_ERROR_PART, SIGN_IN_FORM_PART, SIGN_IN_STATUS_PART } from '../../contract/island-parts.ts';

import { MAIL_ADDRESS_MAX } from '../../domain/mail/address.ts';
import { part } from '../island.ts';

/**
 * The sign-in form readers meet on the account page, a gated story and /support: it mails a link
 * that comes back to `next`. Its button waits for the island (it cannot send without it: the call
 * is JSON), so a click before the island woke cannot reload the page and lose what was typed.
 */
export function ReaderSignInForm({ idPrefix, next = READER_PATHS.account }: { idPrefix: string; next?: string }) {
  return (
    <form class="form reader-sign-in-form" data-next={next} novalidate {...part(SIGN_IN_FORM_PART)}>
      <div class="field">
        <label class="field-label" for={`${idPrefix}-email`}>
          Email address
        </label>
        <input
          id={`${idPrefix}-email`}
          class="input"
          type="email"
          name="email"
          autocomplete="email"
          maxlength={MAIL_ADDRESS_MAX}
          required
          aria-describedby={`${idPrefix}-email-error`}
        />
        <p id={`${idPrefix}-email-error`} class="field-error" aria-live="polite" {...part(SIGN_IN_ERROR_PART)}></p>
      </div>
      <div>
        <button type="submit" class="button button-primary" disabled>
          Email me a sign-in link
        </button>
      </div>
      <p class="form-status" role="status" aria-live="polite" {...part(SIGN_IN_STATUS_PART)}></p>
    </form>
  );
}
