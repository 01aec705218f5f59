import type { ReactNode } from 'react';

/**
 * The editor's right-hand column (below the text on narrow screens): the story's settings as
 * cards, one after the other in the page's flow. Nothing in it is sticky or positioned, so no card
 * ever covers another at any width or scroll position; what must stay in view (saving, the
 * document's state) lives in the action bar instead (decision 115). New cards go in here.
 */
export function EditorSidebar({ children }: { children: ReactNode }) {
  return <aside className="editor-side">{children}</aside>;
}
