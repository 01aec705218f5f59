import { part } from '../../web/islands/island.ts';
import { SIGN_IN_ERROR_PART, SIGN_IN_STATUS_PART } from '../../contract/island-parts.ts';
import { SIGN_IN_LINK_MINUTES } from '../../domain/readers/rules.ts';
import { ReaderCallError, readerCall } from './reader-api.ts';

/**
 * A reader's sign-in form (reader-sign-in-form.tsx): sends the
 * address, then says where the link went. The server answers the same for every well-formed
 * address, so the form says the same too.
 */
export function wireSignInForm(form: HTMLFormElement, extra: () => Record<string, unknown> = () => ({})): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const error = part(form, SIGN_IN_ERROR_PART);
  const status = part(form, SIGN_IN_STATUS_PART);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (error) error.textContent = '';
    input.removeAttribute('aria-invalid');
    if (!email || !input.checkValidity()) {
      if (error) error.textContent = 'Enter a valid email address';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    if (button) button.disabled = true;
    if (status) status.textContent = 'Sending…';
    readerCall('POST', '/api/readers/signin', { email, next: form.dataset.next, ...extra() })
      .then(() => {
        if (status)
          status.textContent = `Check your inbox: we sent a sign-in link to ${email}. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;
      })
      .catch((failure: unknown) => {
        const call = failure instanceof ReaderCallError ? failure : null;
        if (call?.fields.email && error) {
          error.textContent = call.fields.email;
          input.setAttribute('aria-invalid', 'true');
          input.focus();
        }
        if (status) status.textContent = call?.fields.email ? '' : (call?.message ?? 'Something went wrong. Please try again.');
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}
