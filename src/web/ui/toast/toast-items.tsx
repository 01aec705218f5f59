import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toastStore, type ToastItem } from './toast-store.ts';

/** docs/product/rules.md#limits-and-constants: swiping a toast right past 50 px dismisses it. */
export const SWIPE_THRESHOLD_PX = 50;

/** The open toasts, as items of the notice region's list (see toaster-host.tsx). */
export function ToastItems({ toasts }: { toasts: readonly ToastItem[] }) {
  return toasts.map((item) => <Toast key={item.id} item={item} />);
}

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);
  // The drag's latest distance, for the decision on release (state may not have rendered it yet).
  const dragged = useRef(0);
  const close = () => toastStore.dismiss(item.id);

  // Closes by itself after its duration; hovering or focusing it pauses the clock (and restarts it).
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => toastStore.dismiss(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [paused, item.id, item.duration]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    // A mouse drag would otherwise select text, and dragging a selection cancels the swipe.
    if (event.pointerType === 'mouse') event.preventDefault();
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current === null) return;
    dragged.current = Math.max(0, event.clientX - startX.current);
    setOffset(dragged.current);
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (dragged.current > SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
    dragged.current = 0;
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
