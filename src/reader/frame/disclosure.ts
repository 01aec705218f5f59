/**
 * A button that shows a panel (the Follow menu): the button's `aria-expanded` and the panel's
 * `hidden` say whether it is open. A click on the button toggles it; Escape closes it and puts focus
 * back on the button; a click elsewhere, or focus leaving it, closes it. Plain DOM, so the worker's
 * markup (an island) and the app's component (social-menu.tsx) share it. Returns the way to stop.
 */
export function disclosure(root: HTMLElement, doc: Document = document): () => void {
  const button = root.querySelector<HTMLElement>('[aria-expanded]');
  const panel = button ? doc.getElementById(button.getAttribute('aria-controls') ?? '') : null;
  if (!button || !panel) return () => {};
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  const onClick = () => setOpen(!isOpen());
  const onPointerDown = (event: PointerEvent) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget as Node)) setOpen(false);
  };
  // A link in the panel opens a new tab; the menu closes behind it.
  const onPick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };
  button.addEventListener('click', onClick);
  panel.addEventListener('click', onPick);
  doc.addEventListener('pointerdown', onPointerDown);
  doc.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusout', onFocusOut);
  return () => {
    button.removeEventListener('click', onClick);
    panel.removeEventListener('click', onPick);
    doc.removeEventListener('pointerdown', onPointerDown);
    doc.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusout', onFocusOut);
  };
}
