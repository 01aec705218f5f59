import { mergeAttributes, Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    video: {
      /** Inserts an uploaded video as a native player. */
      setVideo: (attributes: { src: string; poster?: string | null }) => ReturnType;
    };
  }
}

/**
 * An uploaded video in the story text: `<video src controls preload="metadata">`, the shape the
 * server's sanitiser keeps (src, controls, poster, width, height, preload).
 */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      poster: { default: null },
    };
  },

  parseHTML() {
    return [
      { tag: 'video[src]' },
      {
        // A player written with <source> children instead of a src attribute.
        tag: 'video',
        getAttrs: (element) => {
          const src = element.querySelector('source[src]')?.getAttribute('src');
          return src ? { src, poster: element.getAttribute('poster') } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes({ controls: '', preload: 'metadata' }, HTMLAttributes)];
  },

  addCommands() {
    return {
      setVideo:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
