import { LINK_STATUS_PART } from '../../contract/island-parts.ts';
import { part } from '../../web/islands/island.ts';
import { ReaderCallError, readerCall } from '../account/reader-api.ts';

/**
 * The page a confirmation link opens (/newsletters/confirm#token=...): the token is in the
 * fragment, which no server log sees; it leaves the address bar at once and confirms the subscription.
 */
export async function mount(section: HTMLElement): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  history.replaceState(null, '', location.pathname);
  const heading = section.querySelector('h1');
  const status = part(section, LINK_STATUS_PART);
  try {
    if (!token) throw new ReaderCallError(400, 'invalid_token', 'This page needs the link from your confirmation mail.', {});
    const answer = await readerCall<{ newsletter: { name: string }; email: string }>('POST', '/api/newsletters/confirm', { token });
    if (heading) heading.textContent = 'You are subscribed';
    if (status) status.textContent = `${answer.email} now gets ${answer.newsletter.name}. Every issue has a one-click unsubscribe.`;
  } catch (failure) {
    if (heading) heading.textContent = 'This link did not work';
    const message = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
    if (status) status.textContent = `${message} Subscribe again to get a new link.`;
  }
}
