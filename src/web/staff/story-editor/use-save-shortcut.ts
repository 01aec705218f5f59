import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (Cmd+S on a Mac) anywhere on the editor's page calls `save` instead of the browser's
 * "Save page as". While a dialog is open (a link, a picture's words) it only keeps the browser's
 * dialog away: the reporter is answering a question, not saving the story.
 */
export function useSaveShortcut(save: () => void) {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (event.repeat || document.querySelector('dialog[open]')) return;
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
