import { READER_PATHS } from '../../contract/page-contract.ts';
import { LINK_STATUS_PART } from '../../contract/island-parts.ts';
import { isLocalPath } from '../../domain/readers/rules.ts';
import { part } from '../../web/islands/island.ts';
import { ReaderCallError, readerCall } from './reader-api.ts';

/**
 * The page a sign-in link opens (/account/signin#token=...&next=...): the token is in the fragment,
 * which no server ever sees; it leaves the address bar at once, is exchanged for the session
 * cookie, and the reader goes on to where they were headed.
 */
export async function mount(section: HTMLElement): Promise<void> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('token') ?? '';
  const next = fragment.get('next');
  history.replaceState(null, '', location.pathname);
  const heading = section.querySelector('h1');
  const status = part(section, LINK_STATUS_PART);
  try {
    if (!token) throw new ReaderCallError(400, 'invalid_token', 'This page needs the link from your sign-in mail.', {});
    await readerCall('POST', '/api/readers/session', { token });
    if (status) status.textContent = 'Signed in.';
    location.replace(next && isLocalPath(next) ? next : READER_PATHS.account);
  } catch (failure) {
    if (heading) heading.textContent = 'This link did not work';
    const message = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
    if (status) status.textContent = `${message} Ask for a new link on your account page.`;
  }
}
