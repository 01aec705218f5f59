import { ACTION_ATTRIBUTE, NEEDS_APP_ATTRIBUTE, READING_VIEW_ATTRIBUTE } from '../../contract/page-contract.ts';

/**
 * The reader's pages arrive whole: the worker writes a reading view into #root (its <main> carries
 * `data-reading-view`), with working links, players and the same controls the app renders. A
 * reader who only reads never pays for starting the app (React, the router, the query cache). The
 * app starts when the reader first interacts with the page; once it has replaced the reading view,
 * focus is back on the same control, and a button clicked meanwhile is clicked again in the app,
 * so the reader's first click is not lost. Controls are matched by `data-action` (links by their
 * target) and their position among those.
 */

const READING_VIEW = `[${READING_VIEW_ATTRIBUTE}]`;
/** What counts as the reader starting to use the page (scrolling and reading do not). */
const TRIGGERS = ['pointerdown', 'keydown', 'touchstart', 'click'] as const;

interface ControlKey {
  selector: string;
  index: number;
}

/** True when the app must start at once: no reading view, one that needs it (a live player), or a signed-in user. */
export function appNeededNow(doc: Document, token: () => string | null): boolean {
  const view = doc.querySelector(`#root ${READING_VIEW}`);
  return !view || view.hasAttribute(NEEDS_APP_ATTRIBUTE) || token() !== null;
}

function keyOf(element: Element | null, root: Element): ControlKey | null {
  const control = element?.closest(`[${ACTION_ATTRIBUTE}], a[href]`);
  if (!control || !root.contains(control)) return null;
  const action = control.getAttribute(ACTION_ATTRIBUTE);
  const selector = action ? `[${ACTION_ATTRIBUTE}="${CSS.escape(action)}"]` : `a[href="${CSS.escape(control.getAttribute('href') ?? '')}"]`;
  return { selector, index: [...root.querySelectorAll(selector)].indexOf(control) };
}

function find(key: ControlKey | null, root: Element): HTMLElement | null {
  return key ? (root.querySelectorAll<HTMLElement>(key.selector)[key.index] ?? null) : null;
}

/** Starts the app on the reader's first interaction and carries focus and a pending click over to it. */
export function takeOverOnFirstInteraction(start: () => Promise<void>, doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root) return;
  let focused: ControlKey | null = null;
  let clicked: ControlKey | null = null;

  const onFocus = (event: Event) => (focused = keyOf(event.target as Element, root));
  const onClick = (event: Event) => {
    const target = event.target as Element;
    // A link works as it is (a full page load); a button, or a link the app handles itself
    // (data-action), waits for the app, which then clicks its own.
    if (target.closest(`button, [${ACTION_ATTRIBUTE}]`)) clicked = keyOf(target, root);
  };
  const begin = () => {
    for (const type of TRIGGERS) doc.removeEventListener(type, begin, true);
    const replaced = new MutationObserver(() => {
      if (root.querySelector(READING_VIEW)) return;
      replaced.disconnect();
      doc.removeEventListener('focusin', onFocus, true);
      doc.removeEventListener('click', onClick, true);
      const focusLost = !doc.activeElement || doc.activeElement === doc.body;
      if (focusLost) find(focused, root)?.focus({ preventScroll: true });
      find(clicked, root)?.click();
    });
    replaced.observe(root, { childList: true, subtree: true });
    void start();
  };

  focused = keyOf(doc.activeElement, root);
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('click', onClick, true);
  for (const type of TRIGGERS) doc.addEventListener(type, begin, { capture: true, passive: true });
}
