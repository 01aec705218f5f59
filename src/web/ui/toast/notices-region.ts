/** docs/product/rules.md#limits-and-constants: F8 moves focus to the notices. */
export const NOTICES_HOTKEY = 'F8';
export { NOTICES_LABEL } from '../../../contract/island-parts.ts';

/** Moves focus to the notices' list when the reader presses F8; returns the way to stop. */
export function onNoticesHotkey(list: () => HTMLElement | null, doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== NOTICES_HOTKEY) return;
    event.preventDefault();
    list()?.focus();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
