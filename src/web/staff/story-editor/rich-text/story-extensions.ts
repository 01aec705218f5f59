import type { Extensions } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, FontFamily, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedLink, LINK_PROTOCOLS } from './link-input.ts';
import { uploadPlaceholders } from './upload-placeholders.ts';
import { Figure } from './figure-node.ts';
import { Video } from './video-node.ts';
import { YoutubeEmbed } from './youtube-embed.ts';
import { PreviewBreak } from './preview-break-node.ts';

/** docs/product/rules.md#limits-and-constants: undo history depth 100, new history group after 500 ms. */
export const HISTORY = { depth: 100, newGroupDelay: 500 } as const;

/**
 * Everything the story editor can write, and nothing the server's sanitiser would drop:
 * headings, paragraphs, marks, lists, quotes, code, rules, links, images (in a figure with their
 * alt text and caption), uploaded videos,
 * YouTube embeds, alignment, colour and font family (docs/product/rules.md#story-content), and the
 * "preview ends here" marker of a story for members (decision 090).
 */
export function storyExtensions(placeholder = 'Start writing your story…'): Extensions {
  return [
    StarterKit.configure({
      undoRedo: HISTORY,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: [...LINK_PROTOCOLS],
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
    TextStyle,
    Color,
    FontFamily,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    Image.configure({ inline: false, allowBase64: false }),
    Figure,
    Video,
    YoutubeEmbed,
    PreviewBreak,
    uploadPlaceholders,
    Placeholder.configure({ placeholder }),
  ];
}
