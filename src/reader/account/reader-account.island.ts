import type { NewsletterAnswer } from '../../domain/newsletters/answers.ts';
import type { ReaderAnswer } from '../../domain/readers/answers.ts';
import { READER_NAME_MAX } from '../../domain/readers/rules.ts';
import { element } from '../../web/islands/element.ts';
import { part } from '../../web/islands/island.ts';
import { SIGNED_OUT_PART, SIGN_IN_FORM_PART } from '../../contract/island-parts.ts';
import { currentReader, forgetReaderHint, ReaderCallError, readerCall } from './reader-api.ts';
import { wireSignInForm } from './sign-in-form.ts';
import { membershipPanel } from '../support/membership-panel.ts';

/**
 * The account page's section (/account): for a signed-in reader, their account (name, export,
 * sign out, delete); for anyone else, the sign-in form the worker wrote.
 */
export async function mount(section: HTMLElement): Promise<void> {
  const reader = await currentReader();
  if (reader) return showAccount(section, reader);
  const form = part<HTMLFormElement>(section, SIGN_IN_FORM_PART);
  if (form) wireSignInForm(form);
}

function status(): HTMLElement {
  return element('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
}

function failureText(failure: unknown): string {
  return failure instanceof ReaderCallError ? failure.message : 'Something went wrong. Please try again.';
}

function nameForm(reader: ReaderAnswer): HTMLFormElement {
  const input = element('input', {
    id: 'reader-name',
    class: 'input',
    name: 'name',
    type: 'text',
    autocomplete: 'name',
    maxlength: String(READER_NAME_MAX),
    value: reader.name ?? '',
  });
  const saved = status();
  const form = element(
    'form',
    { class: 'form account-name-form' },
    element('div', { class: 'field' }, element('label', { class: 'field-label', for: 'reader-name' }, 'Your name'), input),
    element('div', {}, element('button', { type: 'submit', class: 'button button-secondary' }, 'Save name')),
    saved,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saved.textContent = 'Saving…';
    readerCall<ReaderAnswer>('PUT', '/api/readers/me', { name: input.value })
      .then((updated) => {
        input.value = updated.name ?? '';
        saved.textContent = 'Saved.';
      })
      .catch((failure: unknown) => (saved.textContent = failureText(failure)));
  });
  return form;
}

/** The reader's newsletters as checkboxes: saving sends exactly the checked ones (PUT /api/readers/me/newsletters). */
function newslettersPanel(reader: ReaderAnswer): HTMLElement {
  const said = status();
  const list = element('div', { class: 'account-newsletters' });
  const save = element('button', { type: 'submit', class: 'button button-secondary' }, 'Save newsletters');
  const form = element(
    'form',
    { class: 'form account-newsletters-form', 'aria-labelledby': 'account-newsletters-heading' },
    element('h2', { id: 'account-newsletters-heading' }, 'Newsletters'),
    list,
    element('div', {}, save),
    said,
  );
  readerCall<NewsletterAnswer[]>('GET', '/api/newsletters')
    .then((newsletters) => {
      if (newsletters.length === 0) list.append(element('p', { class: 'empty' }, 'No newsletters yet.'));
      for (const newsletter of newsletters) {
        const id = `account-newsletter-${newsletter.slug}`;
        const box = element('input', { id, type: 'checkbox', name: 'newsletters', value: newsletter.slug });
        box.checked = reader.newsletters.includes(newsletter.slug);
        list.append(element('div', { class: 'checkbox-field' }, box, element('label', { for: id }, newsletter.name)));
      }
    })
    .catch((failure: unknown) => (said.textContent = failureText(failure)));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = [...list.querySelectorAll<HTMLInputElement>('input[name="newsletters"]:checked')].map((box) => box.value);
    said.textContent = 'Saving…';
    readerCall<ReaderAnswer>('PUT', '/api/readers/me/newsletters', { newsletters: chosen })
      .then((updated) => (said.textContent = updated.newsletters.length > 0 ? 'Saved.' : 'Saved: you get no newsletters.'))
      .catch((failure: unknown) => (said.textContent = failureText(failure)));
  });
  return element('section', { class: 'account-panel' }, form);
}

function download(data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = element('a', { href: url, download: 'my-newsroom-data.json' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function dataPanel(): HTMLElement {
  const said = status();
  const button = element('button', { type: 'button', class: 'button button-secondary' }, 'Download my data');
  button.addEventListener('click', () => {
    said.textContent = 'Preparing your data…';
    readerCall('GET', '/api/readers/me/export')
      .then((data) => {
        download(data);
        said.textContent = 'Downloaded: my-newsroom-data.json';
      })
      .catch((failure: unknown) => (said.textContent = failureText(failure)));
  });
  return element(
    'section',
    { class: 'account-panel', 'aria-labelledby': 'account-data-heading' },
    element('h2', { id: 'account-data-heading' }, 'Your data'),
    element('p', {}, 'Everything we hold about you, as a file: your address, name, subscriptions and what we sent you.'),
    button,
    said,
  );
}

function leavePanel(): HTMLElement {
  const said = status();
  const signOut = element('button', { type: 'button', class: 'button button-secondary' }, 'Sign out');
  signOut.addEventListener('click', () => {
    readerCall('POST', '/api/readers/signout')
      .then(() => location.assign('/'))
      .catch((failure: unknown) => (said.textContent = failureText(failure)));
  });
  const remove = element('button', { type: 'button', class: 'button button-danger' }, 'Delete my account');
  const confirm = element('button', { type: 'button', class: 'button button-danger', hidden: '' }, 'Yes, delete it for good');
  remove.addEventListener('click', () => {
    confirm.hidden = false;
    said.textContent = 'Your account, your sign-ins and your subscriptions will be deleted. This cannot be undone.';
    confirm.focus();
  });
  confirm.addEventListener('click', () => {
    readerCall('DELETE', '/api/readers/me')
      .then(() => {
        forgetReaderHint();
        location.assign('/');
      })
      .catch((failure: unknown) => (said.textContent = failureText(failure)));
  });
  return element(
    'section',
    { class: 'account-panel', 'aria-labelledby': 'account-leave-heading' },
    element('h2', { id: 'account-leave-heading' }, 'Sign out or leave'),
    element('div', { class: 'button-row' }, signOut, remove, confirm),
    said,
  );
}

function showAccount(section: HTMLElement, reader: ReaderAnswer): void {
  const signedOut = part(section, SIGNED_OUT_PART);
  const account = element(
    'div',
    { class: 'account-signed-in' },
    element('p', {}, 'Signed in as ', element('strong', { class: 'reader-email' }, reader.email)),
    nameForm(reader),
    membershipPanel(reader),
    newslettersPanel(reader),
    dataPanel(),
    leavePanel(),
  );
  if (signedOut) signedOut.replaceWith(account);
  else section.append(account);
}
