import { embeddedYoutubeId } from './youtube-embed.ts';

/**
 * A story's sanitised HTML as the plain-text part of its mail: paragraphs and headings as blocks,
 * list items with a dash, links as "text (address)", a YouTube embed as its watch address. The
 * input is what the sanitiser keeps (docs/product/rules.md), so tags are well-formed and few.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (ENTITIES[name.toLowerCase()]) return ENTITIES[name.toLowerCase()]!;
    if (name[0] !== '#') return entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

export function htmlToText(html: string, link: (href: string) => string | null): string {
  const out = html
    .replace(/<iframe\b[^>]*>[\s\S]*?<\/iframe>/gi, (tag) => {
      const id = embeddedYoutubeId(decode(attribute(tag, 'src') ?? ''));
      return id ? `\n\nVideo: https://www.youtube.com/watch?v=${id}\n\n` : '';
    })
    .replace(/<video\b[\s\S]*?<\/video>/gi, '\n\n[A video: watch it on the site]\n\n')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_, attributes: string, inner: string) => {
      const href = attribute(` ${attributes}`, 'href');
      const target = href ? link(decode(href)) : null;
      const text = inner.replace(/<[^>]*>/g, '');
      return target && decode(text).trim() !== target ? `${text} (${target})` : text;
    })
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = attribute(tag, 'alt');
      return alt ? `\n[Picture: ${alt}]\n` : '';
    })
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\b[^>]*>/gi, '\n\n----\n\n')
    .replace(/<\/(p|h[1-6]|ul|ol|blockquote|pre|div)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decode(out)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
