import { NEWSLETTER_PATHS } from '../../contract/page-contract.ts';
import { NEWSLETTERS_STATUS_PART } from '../../contract/island-parts.ts';
import { part } from '../../web/islands/island.ts';
import { failureText, sendSubscription, subscribedText } from './subscribe.ts';

/**
 * /newsletters: a form sent before its island woke arrives here as `?subscribe={slug}&email=`
 * (the forms' fallback action); the address leaves the address bar at once and is sent from here.
 */
export function mount(page: HTMLElement): void {
  const query = new URLSearchParams(location.search);
  const slug = query.get('subscribe');
  const email = query.get('email')?.trim();
  if (!slug || !email) return;
  history.replaceState(null, '', NEWSLETTER_PATHS.list);
  const status = part(page, NEWSLETTERS_STATUS_PART);
  if (status) status.textContent = 'Sending…';
  sendSubscription(slug, email)
    .then((subscribed) => {
      if (status) status.textContent = subscribedText(email, subscribed);
    })
    .catch((failure: unknown) => {
      if (status) status.textContent = failureText(failure);
    });
}
