import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { pictureAt, type PictureWidth } from '../../../domain/media/picture.ts';
import { embeddedYoutubeId } from './youtube-embed.ts';
import { COLOURS, FONT, SANS } from './frame.ts';

/**
 * A story's sanitised HTML (docs/product/rules.md, story content) as mail programs show it: every
 * element styled inline, pictures at a resized width that fits the 600 px column, relative links
 * made absolute, links to the site tagged with the newsletter's utm parameters, and what a mail
 * program cannot play (YouTube embeds, videos) turned into a picture that links to it.
 */

/** The column's inner width (600 px less the paper's padding): pictures are drawn at it. */
export const COLUMN_WIDTH = 544;
/** Pictures are fetched at this width: sharp on a phone's 2x and 3x screens at the column's width. */
export const EMAIL_PICTURE_WIDTH: PictureWidth = 1280;

const STYLES: Record<string, string> = {
  p: 'margin:0 0 18px 0;',
  h1: `margin:28px 0 12px 0;font-size:28px;line-height:1.25;font-family:${FONT};`,
  h2: `margin:28px 0 12px 0;font-size:24px;line-height:1.3;font-family:${FONT};`,
  h3: `margin:24px 0 10px 0;font-size:20px;line-height:1.3;font-family:${FONT};`,
  h4: `margin:20px 0 8px 0;font-size:18px;line-height:1.35;font-family:${FONT};`,
  h5: `margin:20px 0 8px 0;font-size:16px;line-height:1.4;font-family:${FONT};`,
  h6: `margin:20px 0 8px 0;font-size:15px;line-height:1.4;font-family:${FONT};`,
  ul: 'margin:0 0 18px 0;padding:0 0 0 24px;',
  ol: 'margin:0 0 18px 0;padding:0 0 0 24px;',
  li: 'margin:0 0 8px 0;',
  blockquote: `margin:0 0 18px 0;padding:4px 0 4px 16px;border-left:4px solid ${COLOURS.accent};font-style:italic;`,
  pre: "margin:0 0 18px 0;padding:12px;background-color:#f5f5f2;font-family:Menlo,Consolas,'Courier New',monospace;font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word;",
  code: "font-family:Menlo,Consolas,'Courier New',monospace;font-size:15px;",
  hr: `border:0;border-top:1px solid ${COLOURS.rule};margin:24px 0;`,
  a: `color:${COLOURS.accent};text-decoration:underline;`,
};

export interface EmailHtmlContext {
  /** The site's origin: relative links and pictures resolve against it; its links get `utm`. */
  origin: string;
  utm: Record<string, string>;
  /** Where a video that cannot play in mail links to (the story's page), and the picture shown for it. */
  storyUrl: string;
  poster: string | null;
}

/** An absolute link, with the newsletter's utm parameters when it points at the site; null for a scheme mail should not carry. */
export function mailLink(href: string, context: Pick<EmailHtmlContext, 'origin' | 'utm'>): string | null {
  let url: URL;
  try {
    url = new URL(href, context.origin);
  } catch {
    return null;
  }
  if (!['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) return null;
  if (url.origin === context.origin) for (const [name, value] of Object.entries(context.utm)) url.searchParams.set(name, value);
  return url.toString();
}

/** A picture's address at the width mail fetches (this site's uploads are resized; others as they are). */
export function mailPicture(src: string, origin: string): string {
  return new URL(pictureAt(src, EMAIL_PICTURE_WIDTH), origin).toString();
}

export function linkedPicture(href: string, src: string, alt: string, caption: string): string {
  return `<a href="${esc(href)}" style="display:block;text-decoration:none;"><img src="${esc(src)}" alt="${esc(alt)}" width="${COLUMN_WIDTH}" style="display:block;width:100%;max-width:${COLUMN_WIDTH}px;height:auto;border:0;margin:0 0 6px 0;"></a><p style="margin:0 0 18px 0;font-family:${SANS};font-size:14px;"><a class="nr-link" href="${esc(href)}" style="${STYLES.a}">${esc(caption)}</a></p>`;
}

/** HTMLRewriter writes attribute values as given but for quotes: an ampersand is escaped here. */
const attributeValue = (value: string) => value.replace(/&/g, '&amp;');

function style(element: Element, extra: string): void {
  element.setAttribute('style', `${extra}${element.getAttribute('style') ?? ''}`);
}

export async function storyEmailHtml(content: string, context: EmailHtmlContext): Promise<string> {
  const rewriter = new HTMLRewriter();
  for (const [tag, css] of Object.entries(STYLES)) if (tag !== 'a') rewriter.on(tag, { element: (element) => style(element, css) });
  rewriter
    .on('a', {
      element: (element) => {
        const href = element.getAttribute('href');
        const link = href ? mailLink(href, context) : null;
        if (link) element.setAttribute('href', attributeValue(link));
        else element.removeAttribute('href');
        element.removeAttribute('target');
        // The dark-mode rules recolour links by this class: the accent red is too dark to read on a dark paper.
        element.setAttribute('class', 'nr-link');
        style(element, STYLES.a!);
      },
    })
    .on('img', {
      element: (element) => {
        const src = element.getAttribute('src');
        if (!src) return void element.remove();
        element.setAttribute('src', attributeValue(mailPicture(src, context.origin)));
        element.setAttribute('width', String(COLUMN_WIDTH));
        element.removeAttribute('height');
        element.removeAttribute('srcset');
        element.setAttribute('style', `display:block;width:100%;max-width:${COLUMN_WIDTH}px;height:auto;border:0;margin:0 0 18px 0;`);
      },
    })
    .on('iframe', {
      element: (element) => {
        const id = embeddedYoutubeId(element.getAttribute('src') ?? '');
        if (!id) return void element.remove();
        const watch = `https://www.youtube.com/watch?v=${id}`;
        element.replace(
          linkedPicture(watch, `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, 'Play the video on YouTube', '▶ Watch the video on YouTube'),
          {
            html: true,
          },
        );
      },
    })
    .on('video', {
      element: (element) => {
        const href = mailLink(context.storyUrl, context) ?? context.storyUrl;
        element.replace(
          context.poster
            ? linkedPicture(href, context.poster, 'Play the video on the site', '▶ Watch the video on the site')
            : `<p style="${STYLES.p}"><a class="nr-link" href="${esc(href)}" style="${STYLES.a}">▶ Watch the video on the site</a></p>`,
          { html: true },
        );
      },
    });
  return rewriter.transform(new Response(content, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })).text();
}
