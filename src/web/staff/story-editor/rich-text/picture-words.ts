import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { PictureWords } from './picture-dialog.tsx';

/** A picture in the text: a figure (with its words), or a bare image from older stories. */
const PICTURES = new Set(['figure', 'image']);

export interface PictureAt {
  pos: number;
  node: ProseMirrorNode;
}

/** The picture with this address (each upload has its own). */
export function findPicture(doc: ProseMirrorNode, src: string): PictureAt | null {
  let found: PictureAt | null = null;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (PICTURES.has(node.type.name) && node.attrs.src === src) found = { pos, node };
    return !found;
  });
  return found;
}

/** The picture the reporter has selected, with its words, or null. */
export function selectedPicture(editor: Editor): ({ src: string } & PictureWords) | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || !PICTURES.has(selection.node.type.name)) return null;
  const { src, alt, caption } = selection.node.attrs as { src: string; alt?: string | null; caption?: string | null };
  return { src, alt: alt ?? '', caption: caption ?? '' };
}

/** Gives the picture its words; a bare image becomes a figure. */
export function describePicture(editor: Editor, src: string, words: PictureWords): boolean {
  const picture = findPicture(editor.state.doc, src);
  if (!picture) return false;
  const figure = editor.schema.nodes.figure!.create({ src, alt: words.alt, caption: words.caption });
  editor.view.dispatch(editor.state.tr.replaceWith(picture.pos, picture.pos + picture.node.nodeSize, figure));
  return true;
}

export function removePicture(editor: Editor, src: string): void {
  const picture = findPicture(editor.state.doc, src);
  if (picture) editor.view.dispatch(editor.state.tr.delete(picture.pos, picture.pos + picture.node.nodeSize));
}
