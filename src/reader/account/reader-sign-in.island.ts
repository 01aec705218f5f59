import { READER_PATHS } from '../../contract/page-contract.ts';
import { LINK_STATUS_PART } from '../../contract/island-parts.ts';
import type { SignInLinkPreview } from '../../domain/readers/entities.ts';
import { isLocalPath } from '../../domain/readers/rules.ts';
import { part } from '../../web/islands/island.ts';
import { ReaderCallError, readerCall } from './reader-api.ts';

/**
 * The page a sign-in link opens (/account/signin#token=...&next=...): the token is in the fragment,
 * which no server ever sees; it leaves the address bar at once. In the browser that asked for the
 * link it is exchanged for the session cookie at once and the reader goes on to where they were
 * headed. Opened anywhere else, the page first says whose account the link opens (and what it
 * joins) and signs in only when asked to (decision 105): a link someone sent cannot sign a reader into
 * their account unawares.
 */
export async function mount(section: HTMLElement): Promise<void> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('token') ?? '';
  const next = fragment.get('next');
  history.replaceState(null, '', location.pathname);
  const heading = section.querySelector('h1');
  const status = part(section, LINK_STATUS_PART);
  const signIn = async () => {
    await readerCall('POST', '/api/readers/session', { token });
    if (status) status.textContent = 'Signed in.';
    location.replace(next && isLocalPath(next) ? next : READER_PATHS.account);
  };
  const failed = (failure: unknown) => {
    if (heading) heading.textContent = 'This link did not work';
    const message = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
    if (status) status.textContent = `${message} Ask for a new link on your account page.`;
  };
  try {
    if (!token) throw new ReaderCallError(400, 'invalid_token', 'This page needs the link from your sign-in mail.', {});
    const preview = await readerCall<SignInLinkPreview>('POST', '/api/readers/session/check', { token });
    if (preview.thisBrowser) return await signIn();
    askFirst(section, preview, () => signIn().catch(failed));
    if (heading) heading.textContent = 'Sign in with this link?';
    if (status) status.textContent = '';
  } catch (failure) {
    failed(failure);
  }
}

function askFirst(section: HTMLElement, preview: SignInLinkPreview, onYes: () => void): void {
  const confirm = section.querySelector<HTMLElement>('[data-confirm-sign-in]');
  if (!confirm) return;
  const who = confirm.querySelector<HTMLElement>('[data-confirm-who]');
  if (who) who.textContent = `This link signs you in as ${preview.email}.`;
  const joins = confirm.querySelector<HTMLElement>('[data-confirm-joins]');
  if (joins && preview.newsletters.length > 0) {
    joins.textContent = `It also subscribes ${preview.email} to ${preview.newsletters.map((newsletter) => newsletter.name).join(', ')}.`;
    joins.hidden = false;
  }
  const yes = confirm.querySelector<HTMLButtonElement>('[data-confirm-yes]');
  if (yes) {
    yes.textContent = `Sign in as ${preview.email}`;
    yes.addEventListener('click', () => {
      yes.disabled = true;
      onYes();
    });
  }
  confirm.hidden = false;
}
