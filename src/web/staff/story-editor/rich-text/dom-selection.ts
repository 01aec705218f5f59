import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * Brings the browser's selection into the editor's state when the two disagree.
 *
 * The browser moves the caret itself for Home, End, Shift+arrows and clicks, and ProseMirror
 * learns of it from the next `selectionchange` event, which the browser fires as a task of its
 * own. A key ProseMirror handles itself (Enter, Backspace, Delete, Ctrl+B, Ctrl+V), or a toolbar
 * command, that arrives before that event acts on the old selection: Shift+Home, End, Enter at
 * automation speed replaced the selected line with a new paragraph. Called
 * before such keys and commands, this reads the selection the reporter actually sees.
 * docs/decisions/028-the-editor-owns-its-document.md
 */
export function adoptDomSelection(view: EditorView): void {
  if (view.isDestroyed || view.composing || !view.hasFocus()) return;
  const { state } = view;
  // Node selections (an image, a video) are drawn with a class, not the DOM selection.
  if (!(state.selection instanceof TextSelection)) return;
  const dom = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = dom ?? {};
  if (!dom || !anchorNode || !focusNode || !view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return;
  if (insideUneditable(anchorNode, view.dom) || insideUneditable(focusNode, view.dom)) return;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(anchorNode, dom.anchorOffset);
    head = view.posAtDOM(focusNode, dom.focusOffset);
  } catch {
    return;
  }
  if (anchor === state.selection.anchor && head === state.selection.head) return;
  const $anchor = state.doc.resolve(anchor);
  const $head = state.doc.resolve(head);
  if (!$anchor.parent.inlineContent || !$head.parent.inlineContent) return;
  view.dispatch(state.tr.setSelection(TextSelection.create(state.doc, anchor, head)));
}

function insideUneditable(node: Node, root: HTMLElement): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  const uneditable = element?.closest('[contenteditable="false"]');
  return Boolean(uneditable && uneditable !== root && root.contains(uneditable));
}
