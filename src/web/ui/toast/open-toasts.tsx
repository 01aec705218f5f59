import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store.ts';

const ToastItems = lazy(() => import('./toast-items.tsx').then((module) => ({ default: module.ToastItems })));

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
