import { LINK_NEXT_STEP_PART, LINK_STATUS_PART } from '../../contract/island-parts.ts';
import { NEWSLETTER_PATHS } from '../../contract/page-contract.ts';
import { CONFIRMATION_DAYS } from '../../domain/newsletters/rules.ts';
import { part } from '../../web/islands/island.ts';
import { ReaderCallError, readerCall } from '../account/reader-api.ts';

/**
 * The page a confirmation link opens (/newsletters/confirm#token=...): the token is in the
 * fragment, which no server log sees; it leaves the address bar at once and confirms the subscription.
 * Each outcome says one thing once and offers one next step (issue 42): a link followed a second
 * time is not told to subscribe again (the server cannot tell used from expired; the reader can).
 */
export async function mount(section: HTMLElement): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  history.replaceState(null, '', location.pathname);
  const heading = section.querySelector('h1');
  const status = part(section, LINK_STATUS_PART);
  const next = part<HTMLAnchorElement>(section, LINK_NEXT_STEP_PART);
  const show = (title: string, text: string, step: { label: string; href: string }) => {
    if (heading) heading.textContent = title;
    if (status) status.textContent = text;
    if (next) Object.assign(next, { textContent: step.label, href: step.href });
  };
  try {
    if (!token) throw new ReaderCallError(400, null, 'This page needs the link from your confirmation mail.', {});
    const answer = await readerCall<{ newsletter: { name: string }; email: string }>('POST', '/api/newsletters/confirm', { token });
    show('You are subscribed', `${answer.email} now gets ${answer.newsletter.name}. Every issue has a one-click unsubscribe.`, {
      label: 'Go to the front page',
      href: '/',
    });
  } catch (failure) {
    if (failure instanceof ReaderCallError && failure.code === 'invalid_token')
      show(
        'This link has been used or has expired',
        `If you followed it before, your subscription is confirmed and there is nothing more to do. Links also expire after ${CONFIRMATION_DAYS} days: if yours did, ask for a new one from the newsletters page.`,
        { label: 'All newsletters', href: NEWSLETTERS },
      );
    else
      show('This link did not work', failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.', {
        label: 'All newsletters',
        href: NEWSLETTERS,
      });
  }
}

const NEWSLETTERS = NEWSLETTER_PATHS.list;
