import { LATEST_STORIES_ID } from '../../contract/page-contract.ts';
import { showLatest } from './hero-actions.ts';

/** The hero's Latest News link on a reader's page: the link works without it; with it, the move is smooth and focus follows. */
export function mount(link: HTMLElement): void {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    showLatest(LATEST_STORIES_ID);
  });
}
