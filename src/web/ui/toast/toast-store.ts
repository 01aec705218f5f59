/**
 * Toast notices (docs/product/rules.md#limits-and-constants): one at a time, shown 5000 ms by default; a dismissed toast is
 * closed at once and removed from the store 1,000,000 ms later. Callable from anywhere, React or not.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

/** A button in the notice (Undo, say); using it also closes the notice. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
  /** How long it stays before closing by itself, in ms. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  action?: ToastAction;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

type Listener = () => void;

export interface ToastStore {
  toast(input: ToastInput): { id: string; dismiss: () => void };
  /** Closes one toast, or every toast when no id is given. */
  dismiss(id?: string): void;
  subscribe(listener: Listener): () => void;
  getSnapshot(): readonly ToastItem[];
}

export function createToastStore(
  timers: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void } = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ToastStore {
  let items: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, unknown>();

  const set = (next: readonly ToastItem[]) => {
    items = next;
    for (const listener of listeners) listener();
  };

  const scheduleRemoval = (id: string) => {
    if (removals.has(id)) return;
    removals.set(
      id,
      timers.setTimeout(() => {
        removals.delete(id);
        set(items.filter((item) => item.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  };

  const dismiss = (id?: string) => {
    for (const item of items) if (id === undefined || item.id === id) scheduleRemoval(item.id);
    set(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  };

  return {
    toast(input) {
      counter += 1;
      const id = String(counter);
      const item: ToastItem = {
        id,
        title: input.title,
        description: input.description,
        action: input.action,
        variant: input.variant ?? 'default',
        duration: input.duration ?? TOAST_DURATION_MS,
        open: true,
      };
      // The newest wins; those pushed past the limit leave the store at once.
      const kept = [item, ...items].slice(0, TOAST_LIMIT);
      for (const dropped of items.filter((old) => !kept.includes(old))) {
        const handle = removals.get(dropped.id);
        if (handle !== undefined) timers.clearTimeout(handle);
        removals.delete(dropped.id);
      }
      set(kept);
      return { id, dismiss: () => dismiss(id) };
    },
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

const store = createToastStore();

export const toastStore = store;
export const toast = (input: ToastInput) => store.toast(input);
export const dismissToast = (id?: string) => store.dismiss(id);
