import { NOTICES_LABEL } from '../../contract/island-parts.ts';
import { onNoticesHotkey } from '../ui/toast/notices-region.ts';
import { toastStore } from '../ui/toast/toast-store.ts';

let watching = false;

/**
 * For islands that may show a toast (share, Watch Live): the reader's page has the notice region in
 * the worker's markup (empty, so screen readers announce what appears in it); F8 moves focus to it,
 * and the first toast loads React and the toasts' code into its list. A page whose islands never
 * show a toast never loads either.
 */
export function watchNotices(doc: Document = document): void {
  const list = doc.querySelector<HTMLElement>(`[aria-label="${NOTICES_LABEL}"] > ol`);
  if (watching || !list) return;
  watching = true;
  onNoticesHotkey(() => list, doc);
  const unsubscribe = toastStore.subscribe(() => {
    unsubscribe();
    void import('./notices-list.tsx').then(({ renderNotices }) => renderNotices(list));
  });
}
