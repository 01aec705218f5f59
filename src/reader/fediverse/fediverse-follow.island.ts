import { stringProp, type IslandProps } from '../../web/islands/island.ts';
import { watchNotices } from '../../web/islands/notices.ts';
import { toast } from '../../web/ui/toast/toast-store.ts';

/** "Follow on the fediverse" (the worker's markup): Copy puts the handle on the clipboard for the reader's app's search. */
export function mount(element: HTMLElement, props: IslandProps): void {
  watchNotices();
  const handle = stringProp(props, 'handle');
  element.querySelector('button')?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(handle);
      toast({ title: 'Handle copied', description: `Search for ${handle} in your app to follow.` });
    } catch {
      toast({ title: 'Could not copy the handle', description: handle, variant: 'destructive' });
    }
  });
}
