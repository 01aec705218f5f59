import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { onNoticesHotkey, NOTICES_LABEL } from './notices-region.ts';
import { toastStore } from './toast-store.ts';

const ToastItems = lazy(() => import('./toast-items.tsx').then((module) => ({ default: module.ToastItems })));

/**
 * The notice region, present from the start so screen readers announce what appears in it. The
 * toasts' own code (swipe, timers) is fetched with the first toast, so pages that never show one
 * do not download it. Mount once, near the root; `toast()` feeds it from anywhere. (A reader's page
 * has the same region in the worker's markup; its islands fill it with `OpenToasts`: islands/notices.ts.)
 */
export function ToasterHost() {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => onNoticesHotkey(() => listRef.current), []);
  return (
    <section aria-label={NOTICES_LABEL} className="toast-region">
      <ol ref={listRef} tabIndex={-1} className="toast-list" aria-live="polite">
        <OpenToasts />
      </ol>
    </section>
  );
}

/** The open toasts, as items of the region's list. */
export function OpenToasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const open = toasts.filter((item) => item.open);
  return open.length > 0 ? (
    <Suspense fallback={null}>
      <ToastItems toasts={open} />
    </Suspense>
  ) : null;
}
