import { formatDay } from '../../domain/dates.ts';
import type { ReaderAnswer } from '../../domain/readers/answers.ts';
import { MEMBER_PATHS } from '../../contract/page-contract.ts';
import { element } from '../../web/islands/element.ts';
import { ReaderCallError, readerCall } from '../account/reader-api.ts';

/** /account's membership (decision 094): the plan and its renewal or end date with "Manage billing", or an invitation to /support. */
export function membershipPanel(reader: ReaderAnswer): HTMLElement {
  const m = reader.membership;
  const said = element('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
  const lines: (HTMLElement | string)[] = [];
  if (m.status === 'paid') {
    const plan = `${m.tier?.name ?? 'Paid membership'}${m.interval ? `, ${m.interval === 'year' ? 'yearly' : 'monthly'}` : ''}`;
    lines.push(element('p', {}, 'You are a paying member: ', element('strong', {}, plan), '.'));
    if (m.currentPeriodEnd)
      lines.push(
        element(
          'p',
          { class: 'membership-renewal' },
          `${m.cancelAtPeriodEnd ? 'Your membership ends on' : 'It renews on'} ${formatDay(m.currentPeriodEnd)}.`,
        ),
      );
  } else if (m.status === 'comped') {
    lines.push(element('p', {}, 'You have a complimentary membership: you read every story. Thank you.'));
  } else {
    lines.push(
      element(
        'p',
        {},
        'You are a free member. ',
        element('a', { href: MEMBER_PATHS.support }, 'Become a paying member'),
        ' to read every story.',
      ),
    );
  }
  const manage = element('button', { type: 'button', class: 'button button-secondary' }, 'Manage billing');
  manage.addEventListener('click', () => {
    said.textContent = 'Opening billing…';
    readerCall<{ url: string }>('POST', '/api/members/portal')
      .then(({ url }) => location.assign(url))
      .catch(
        (failure: unknown) =>
          (said.textContent = failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.'),
      );
  });
  return element(
    'section',
    { class: 'account-panel account-membership', 'aria-labelledby': 'account-membership-heading' },
    element('h2', { id: 'account-membership-heading' }, 'Membership'),
    ...lines,
    ...(m.status === 'paid' ? [manage] : []),
    said,
  );
}
