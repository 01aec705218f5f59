import { withoutMarkDelimiters } from '../discovery/search-query.ts';

/**
 * A story's content (sanitised HTML, docs/product/rules.md) as the plain text search indexes:
 * tags become spaces (so words either side of a tag stay apart), the entities sanitize-html
 * writes are decoded, whitespace runs collapse. The two characters search results use to mark
 * matches (search-query.ts) are dropped so the body can never carry a mark of its own.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function storyText(html: string): string {
  return withoutMarkDelimiters(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
}
