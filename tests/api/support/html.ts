import { DomUtils, parseDocument } from 'htmlparser2';

/** The elements docs/product/rules.md#story-content lets story content hold (and the spellings of them sanitize-html keeps). */
export const STORY_ELEMENTS = new Set([
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
]);

const YOUTUBE_EMBED_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);
const DANGEROUS_SCHEME = /^(javascript|data|vbscript):/;
/** Attributes a browser follows as a URL (on any element, including ones that should not be there at all). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'poster',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'background',
  'cite',
  'srcset',
  'dynsrc',
  'lowsrc',
  'codebase',
  'ping',
  'manifest',
  'longdesc',
  'usemap',
  'profile',
  'icon',
  'values',
  'to',
  'from',
]);
const DANGEROUS_STYLE = /expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i;

/** What a browser reads as the scheme: it ignores ASCII whitespace and control characters anywhere in it, and case. */
function schemeView(value: string): string {
  return [...value]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
}

function isYouTubeEmbed(src: string | undefined): boolean {
  if (src === undefined) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && YOUTUBE_EMBED_HOSTS.has(url.hostname) && /^\/embed\/[\w-]+$/.test(url.pathname);
  } catch {
    return false;
  }
}

/**
 * Everything in stored story HTML that could run script or load something it should not, parsed
 * properly (entities decoded, as a browser would) rather than searched for with patterns.
 * An empty list means the HTML is safe to put in a page.
 */
export function unsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  for (const element of DomUtils.findAll(() => true, document.children)) {
    const tag = element.name;
    if (!STORY_ELEMENTS.has(tag)) problems.push(`<${tag}> is not a story element`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name.startsWith('on')) problems.push(`<${tag} ${name}> is an event handler`);
      if (name === 'srcdoc') problems.push(`<${tag} srcdoc> embeds a document`);
      if (URL_ATTRIBUTES.has(name) && DANGEROUS_SCHEME.test(schemeView(value)))
        problems.push(`<${tag} ${name}="${value}"> has a dangerous URL`);
      if (name === 'style' && DANGEROUS_STYLE.test(value)) problems.push(`<${tag} style="${value}"> can load or run something`);
    }
    if (tag === 'iframe' && !isYouTubeEmbed(element.attribs.src))
      problems.push(`<iframe src="${element.attribs.src}"> is not a YouTube embed`);
    if (tag === 'a' && element.attribs.target === '_blank' && !/\bnoopener\b/.test(element.attribs.rel ?? '')) {
      problems.push('<a target="_blank"> without rel="noopener" hands the page to the target');
    }
  }
  return problems;
}
