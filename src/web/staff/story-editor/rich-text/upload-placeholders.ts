import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/**
 * Marks where a dropped file will land while it uploads. The mark is a widget decoration, not
 * document content: it moves with the text as the reporter keeps typing, never reaches the saved
 * HTML or the undo history, and tells the upload where to insert its image or video when done.
 */

type PlaceholderAction = { add: { id: string; pos: number; element: HTMLElement } } | { remove: { id: string } };

const key = new PluginKey<DecorationSet>('uploadPlaceholders');

export const uploadPlaceholders = Extension.create({
  name: 'uploadPlaceholders',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            let next = set.map(tr.mapping, tr.doc);
            const action = tr.getMeta(key) as PlaceholderAction | undefined;
            if (action && 'add' in action) {
              const { id, pos, element } = action.add;
              const widget = Decoration.widget(pos, element, { id, side: -1, ignoreSelection: true });
              next = next.add(tr.doc, [widget]);
            } else if (action && 'remove' in action) {
              next = next.remove(next.find(undefined, undefined, (spec) => spec.id === action.remove.id));
            }
            return next;
          },
        },
        props: {
          decorations: (state) => key.getState(state),
        },
      }),
    ];
  },
});

export function addPlaceholder(tr: Transaction, id: string, pos: number, element: HTMLElement): Transaction {
  return tr.setMeta(key, { add: { id, pos, element } } satisfies PlaceholderAction).setMeta('addToHistory', false);
}

export function removePlaceholder(tr: Transaction, id: string): Transaction {
  return tr.setMeta(key, { remove: { id } } satisfies PlaceholderAction).setMeta('addToHistory', false);
}

/** Where the placeholder is now, or null when the text around it was deleted. */
export function placeholderPosition(state: EditorState, id: string): number | null {
  const found = key.getState(state)?.find(undefined, undefined, (spec) => spec.id === id);
  return found?.[0]?.from ?? null;
}
