import { Youtube } from '@tiptap/extension-youtube';
import { getEmbedUrlFromYoutubeUrl } from '@tiptap/extension-youtube';

export const EMBED_WIDTH = 640;
export const EMBED_HEIGHT = 480;

/**
 * YouTube embeds through youtube-nocookie, 640x480, related videos hidden, controls shown
 * (docs/product/rules.md). The stock extension writes a dozen player-option attributes on the
 * iframe that the server's sanitiser drops; this one writes only what survives sanitising
 * (src, start, width, height, allowfullscreen), so stored content reads back exactly as written.
 */
export const YoutubeEmbed = Youtube.extend({
  renderHTML({ HTMLAttributes }) {
    const start = Number(HTMLAttributes.start) || 0;
    const src = getEmbedUrlFromYoutubeUrl({
      url: String(HTMLAttributes.src ?? ''),
      nocookie: this.options.nocookie,
      controls: this.options.controls,
      rel: this.options.rel,
      startAt: start,
    });
    const iframe: Record<string, string | number> = {
      src: src ?? '',
      width: this.options.width,
      height: this.options.height,
      allowfullscreen: 'true',
    };
    if (start > 0) iframe.start = start;
    return ['div', { 'data-youtube-video': '' }, ['iframe', iframe]];
  },
}).configure({
  nocookie: true,
  width: EMBED_WIDTH,
  height: EMBED_HEIGHT,
  controls: true,
  rel: 0,
  autoplay: false,
  allowFullscreen: true,
});
