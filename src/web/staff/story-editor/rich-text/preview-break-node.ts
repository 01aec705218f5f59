import { Node } from '@tiptap/core';
import { PREVIEW_END_ATTRIBUTE } from '../../../../domain/members/preview.ts';

/** What the editor calls the marker (its toolbar button and the rule it shows in the text). */
export const PREVIEW_BREAK_LABEL = 'Preview ends here';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    previewBreak: {
      /** Places the story's one "preview ends here" marker at the cursor (a marker placed before moves here). */
      setPreviewBreak: () => ReturnType;
    };
  }
}

/**
 * The "preview ends here" marker (decision 090): `<hr data-preview-end="">` between two blocks, the
 * shape the server's sanitiser keeps and domain/members/preview.ts cuts at. Readers never see it: a
 * gated story's opening ends there for readers without access, the whole story goes without it to
 * the others. Parsed before the ordinary rule, which would otherwise take it for its own.
 */
export const PreviewBreak = Node.create({
  name: 'previewBreak',
  group: 'block',
  atom: true,
  selectable: true,
  priority: 1000,

  parseHTML() {
    return [{ tag: `hr[${PREVIEW_END_ATTRIBUTE}]`, priority: 100 }];
  },

  renderHTML() {
    return ['hr', { [PREVIEW_END_ATTRIBUTE]: '', class: 'preview-break', 'data-label': PREVIEW_BREAK_LABEL }];
  },

  addCommands() {
    return {
      setPreviewBreak:
        () =>
        ({ state, tr, dispatch }) => {
          const existing: number[] = [];
          state.doc.descendants((node, pos) => {
            if (node.type.name === this.name) existing.push(pos);
          });
          if (dispatch) {
            // Later ones first, so the earlier positions still hold.
            for (const pos of existing.reverse()) tr.delete(pos, pos + 1);
            const { $from, to } = state.selection;
            const at = tr.mapping.map($from.depth > 0 ? $from.after(1) : to);
            tr.insert(at, this.type.create());
          }
          return true;
        },
    };
  },
});
