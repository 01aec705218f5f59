import { READER_PATHS } from '../../contract/page-contract.ts';
import { currentReader } from '../account/reader-api.ts';

/**
 * The header's reader corner, for a browser with a reader signed in (wakes only then): "Sign in"
 * becomes the reader's name (or address), to their account. The page itself is the same cached
 * page everyone gets.
 */
export async function mount(corner: HTMLElement): Promise<void> {
  const reader = await currentReader();
  const link = corner.querySelector<HTMLAnchorElement>('a');
  if (!reader || !link) return;
  link.href = READER_PATHS.account;
  const name = document.createElement('span');
  name.className = 'reader-name-text';
  name.textContent = reader.name ?? reader.email;
  link.replaceChildren(name);
  link.classList.add('reader-name');
  link.setAttribute('aria-label', `Your account (${reader.name ?? reader.email})`);
}
