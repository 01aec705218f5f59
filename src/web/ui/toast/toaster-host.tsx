import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store.ts';

/** docs/product/rules.md#limits-and-constants: F8 moves focus to the notices. */
const HOTKEY = 'F8';

const ToastItems = lazy(() => import('./toast-items.tsx').then((module) => ({ default: module.ToastItems })));

/**
 * The notice region, present from the start so screen readers announce what appears in it. The
 * toasts' own code (swipe, timers) is fetched with the first toast, so pages that never show one
 * do not download it. Mount once, near the root; `toast()` feeds it from anywhere.
 */
export function ToasterHost() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const listRef = useRef<HTMLOListElement>(null);
  const open = toasts.filter((item) => item.open);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) {
        event.preventDefault();
        listRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${HOTKEY})`} className="toast-region">
      <ol ref={listRef} tabIndex={-1} className="toast-list" aria-live="polite">
        {open.length > 0 ? (
          <Suspense fallback={null}>
            <ToastItems toasts={open} />
          </Suspense>
        ) : null}
      </ol>
    </section>
  );
}
