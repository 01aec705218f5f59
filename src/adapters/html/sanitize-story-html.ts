import sanitizeHtml from 'sanitize-html';

/**
 * Story content allow-list: exactly the content of docs/product/rules.md#story-content (headings, paragraphs, bold,
 * italic, underline, strike, lists, block quotes, code, rules, images with their captions, links, YouTube embeds,
 * uploaded videos, alignment, colour, font family) and nothing else.
 */

export const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'];
export const YOUTUBE_EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'];

const alignment = [/^(left|right|center|justify)$/];
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)$/i, /^[a-z]{3,20}$/i];
const fontFamily = [/^[a-z0-9 ,"'-]{1,100}$/i];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'span',
    'div',
    'iframe',
    'video',
    'source',
    // A picture with its caption (docs/product/api-pictures.md): the editor's figure.
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'start', 'width', 'height', 'allowfullscreen'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'preload'],
    source: ['src', 'type'],
    div: ['data-youtube-video'],
    // The "preview ends here" marker of a story for members (decision 090; domain/members/preview.ts).
    hr: ['data-preview-end'],
    ol: ['start', 'type'],
    code: ['class'],
    '*': ['style'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedStyles: {
    '*': { 'text-align': alignment, color: colour, 'font-family': fontFamily },
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: YOUTUBE_EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Void elements: written without an end tag (sanitize-html's list lacks <source>, which got a stray </source>).
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes'],
  // Only YouTube's embed player, never a channel page or anything else on its hosts.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isYouTubeEmbed(frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      // Links that open a new tab must not hand the story page to the target.
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } };
      return { tagName, attribs };
    },
  },
};

function isYouTubeEmbed(src: string | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && YOUTUBE_EMBED_HOSTS.includes(url.hostname) && /^\/embed\/[\w-]+$/.test(url.pathname);
  } catch {
    return false;
  }
}

/*
 * sanitize-html serialises differently from the editor (Tiptap's getHTML, which is the browser's
 * serialiser): `<br />` for `<br>`, a bare `controls` for `controls=""`, `color:red;font-family:x`
 * for `color: red; font-family: x;`, and U+00A0 as a raw character for `&nbsp;`. Its start tags are
 * rewritten into the browser's form so that content saved from the editor reads back byte for byte.
 * In sanitize-html's output every raw `<` and `>` is markup and, inside a tag, every `"` delimits
 * an attribute value (text and values are escaped), so these patterns only meet tags and whole attributes.
 */
const startTag = /<([a-z][a-z0-9]*)((?:\s[^<>]*?)?)\s*\/?>/g;
const attribute = /\s([^\s="]+)(?:="([^"]*)")?/g;
/** Declarations are `prop:value` joined by `;`; no allowed value holds a colon, so a `;` before `prop:` is a boundary. */
const declarationBoundary = /;(?=[a-z-]+:)/;

function editorStyle(css: string): string {
  return css
    .split(declarationBoundary)
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      return `${declaration.slice(0, colon).trim()}: ${declaration.slice(colon + 1).trim()};`;
    })
    .join(' ');
}

function toEditorForm(html: string): string {
  return html
    .replace(startTag, (_tag, name: string, attributes: string) => {
      let written = '';
      for (const [, attributeName, value = ''] of attributes.matchAll(attribute)) {
        if (attributeName === undefined) continue;
        written += ` ${attributeName}="${attributeName === 'style' ? editorStyle(value) : value}"`;
      }
      return `<${name}${written}>`;
    })
    .replace(/\u00a0/g, '&nbsp;');
}

export function sanitizeStoryHtml(html: string): string {
  return toEditorForm(sanitizeHtml(html, options));
}

/** True when sanitised content shows nothing: no text, no image, no video, no embed, no rule. */
export function isEmptyContent(html: string): boolean {
  if (/<(img|iframe|video|hr)\b/i.test(html)) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
