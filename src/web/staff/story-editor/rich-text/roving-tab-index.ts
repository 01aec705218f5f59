import { useEffect, type RefObject } from 'react';

const CONTROLS = 'button, select, input';

/**
 * The WAI-ARIA toolbar pattern's single tab stop: of the toolbar's enabled controls only one is in
 * the tab order (the last one used, at first the first), so Tab moves past the whole toolbar and
 * the arrow keys move within it. Kept on the DOM: React renders the controls without a tabindex.
 */
export function useRovingTabIndex(toolbar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = toolbar.current;
    if (!root) return;
    const controls = () => Array.from(root.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>(CONTROLS));
    const makeCurrent = (current: Element | undefined) => {
      for (const control of controls()) control.tabIndex = control === current ? 0 : -1;
    };
    const firstEnabled = () => controls().find((control) => !control.disabled);
    makeCurrent(firstEnabled());
    const onFocusIn = (event: FocusEvent) => {
      if ((event.target as Element).matches(CONTROLS)) makeCurrent(event.target as Element);
    };
    // The current control turned disabled (Undo with nothing left to undo) or new ones came: keep one tab stop.
    const keepOneStop = () => {
      const stop = controls().find((control) => control.tabIndex === 0 && !control.disabled);
      if (stop) makeCurrent(stop);
      else makeCurrent(firstEnabled());
    };
    const observer = new MutationObserver(keepOneStop);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    root.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
    };
  }, [toolbar]);
}
