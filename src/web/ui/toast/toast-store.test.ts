import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toast-store.ts';

describe('the toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps one toast at a time: the newest replaces the one shown', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', description: 'More', variant: 'destructive' });
    expect(store.getSnapshot()).toEqual([
      { id: '2', title: 'Second', description: 'More', variant: 'destructive', duration: TOAST_DURATION_MS, open: true },
    ]);
  });

  it('carries an action (Undo) for the notice to offer', () => {
    const store = createToastStore();
    const undo = vi.fn();
    store.toast({ title: 'Story deleted', action: { label: 'Undo', onClick: undo } });
    const [item] = store.getSnapshot();
    expect(item?.action?.label).toBe('Undo');
    item?.action?.onClick();
    expect(undo).toHaveBeenCalledOnce();
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const { dismiss } = store.toast({ title: 'Link copied!' });
    dismiss();
    expect(store.getSnapshot()).toMatchObject([{ title: 'Link copied!', open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('dismisses every toast when no id is given, and a later toast is not removed by an old timer', () => {
    const store = createToastStore();
    store.toast({ title: 'Old' });
    store.dismiss();
    const fresh = store.toast({ title: 'Fresh' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toMatchObject([{ id: fresh.id, title: 'Fresh', open: true }]);
  });

  it('gives each toast the default duration unless told otherwise', () => {
    const store = createToastStore();
    store.toast({ title: 'Quick', duration: 1500 });
    expect(store.getSnapshot()[0]).toMatchObject({ duration: 1500, variant: 'default' });
  });
});
