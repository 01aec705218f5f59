import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { toastStore, type ToastItem } from './toast-store.ts';

/** SPEC.md section 9: swipe right past 50 px dismisses; F8 moves focus to the notices. */
export const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = 'F8';

/** The notice region. Mount once, near the root; `toast()` feeds it from anywhere. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const listRef = useRef<HTMLOListElement>(null);

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
        {toasts
          .filter((item) => item.open)
          .map((item) => (
            <Toast key={item.id} item={item} />
          ))}
      </ol>
    </section>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);
  const close = () => toastStore.dismiss(item.id);

  // Closes by itself after its duration; hovering or focusing it pauses the clock (and restarts it).
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => toastStore.dismiss(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [paused, item.id, item.duration]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (offset > SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  };

  return (
    <li
      className={`toast toast-${item.variant}`}
      data-swiping={offset > 0 || undefined}
      style={offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="toast-text">
        <p className="toast-title">{item.title}</p>
        {item.description ? <p className="toast-description">{item.description}</p> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            item.action?.onClick();
            close();
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
