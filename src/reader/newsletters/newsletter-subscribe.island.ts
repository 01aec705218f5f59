import { SUBSCRIBE_STATUS_PART } from '../../contract/island-parts.ts';
import { part, stringProp, type IslandProps } from '../../web/islands/island.ts';
import { failureText, sendSubscription, subscribedText } from './subscribe.ts';

/**
 * A newsletter's subscribe form (newsletter-signup.tsx's SubscribeForm): sends
 * the address as JSON and says what happens next, without leaving the page.
 */
export function mount(form: HTMLElement, props: IslandProps): void {
  if (!(form instanceof HTMLFormElement)) return;
  const slug = stringProp(props, 'slug');
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const status = part(form, SUBSCRIBE_STATUS_PART);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = input.value.trim();
    input.removeAttribute('aria-invalid');
    if (!email || !input.checkValidity()) {
      input.setAttribute('aria-invalid', 'true');
      if (status) status.textContent = 'Enter a valid email address';
      input.focus();
      return;
    }
    if (button) button.disabled = true;
    if (status) status.textContent = 'Sending…';
    sendSubscription(slug, email)
      .then((subscribed) => {
        if (status) status.textContent = subscribedText(email, subscribed);
        input.value = '';
      })
      .catch((failure: unknown) => {
        input.setAttribute('aria-invalid', 'true');
        if (status) status.textContent = failureText(failure);
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}
