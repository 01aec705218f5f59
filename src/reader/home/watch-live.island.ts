import { watchNotices } from '../../web/islands/notices.ts';
import { watchLive } from './hero-actions.ts';

/** The hero's Watch Live button on a reader's page (Hero's, in the worker's markup). */
export function mount(button: HTMLElement): void {
  watchNotices();
  const label = [...button.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    if (label) label.textContent = 'Checking…';
    void watchLive((href) => location.assign(href)).finally(() => {
      button.setAttribute('aria-busy', 'false');
      if (label) label.textContent = 'Watch Live';
    });
  });
}
