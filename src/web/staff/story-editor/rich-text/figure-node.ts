import { Node } from '@tiptap/core';

export interface FigureAttributes {
  src: string;
  /** What the picture shows, for readers who cannot see it. */
  alt: string;
  /** Optional; plain text. */
  caption: string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts a picture with its alt text and caption. */
      setFigure: (attributes: FigureAttributes) => ReturnType;
    };
  }
}

/**
 * A picture in the story text with its words: `<figure><img src alt>` and, when
 * it has one, `<figcaption>`: the shape the server's sanitiser keeps. An atom: alt text and caption
 * are edited in the picture dialog, not in the text.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
      caption: { default: '' },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          const image = element.querySelector('img[src]');
          if (!image) return false;
          return {
            src: image.getAttribute('src'),
            alt: image.getAttribute('alt') ?? '',
            caption: element.querySelector('figcaption')?.textContent?.trim() ?? '',
          };
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs as FigureAttributes;
    const image = ['img', { src, alt }] as const;
    return caption ? ['figure', {}, image, ['figcaption', {}, caption]] : ['figure', {}, image];
  },

  addCommands() {
    return {
      setFigure:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
