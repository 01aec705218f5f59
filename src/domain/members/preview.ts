/**
 * Where a gated story's opening ends (docs/product/api.md, "Members and reader revenue"): at the
 * editor's "preview ends here" marker, else after the first two paragraphs. The text after it never
 * reaches a reader without access. Works on sanitised story HTML (src/adapters/html), in which every
 * `<` starts a tag, tags are balanced, and attribute values hold no raw `>`.
 */

/** The marker the editor places between two blocks: `<hr data-preview-end="">`. */
export const PREVIEW_END_ATTRIBUTE = 'data-preview-end';
/** Without a marker, the opening is this many paragraphs. */
export const OPENING_PARAGRAPHS = 2;

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const MARKER = new RegExp(`<hr\\b[^>]*\\s${PREVIEW_END_ATTRIBUTE}(?:=(?:""|"[^"]*"))?[^>]*>`, 'gi');

interface Block {
  tag: string;
  start: number;
  end: number;
  marker: boolean;
}

/** The top-level elements of the HTML, in order (text between them belongs to no block). */
function topLevelBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let depth = 0;
  let open: Omit<Block, 'end'> | null = null;
  for (const match of html.matchAll(TAG)) {
    const [whole, closing, rawName, attributes] = match;
    const name = rawName!.toLowerCase();
    const start = match.index;
    const end = start + whole.length;
    const selfClosing = VOID_ELEMENTS.has(name) || whole.endsWith('/>');
    if (closing) {
      if (depth === 0) continue;
      depth -= 1;
      if (depth === 0 && open) {
        blocks.push({ ...open, end });
        open = null;
      }
    } else if (selfClosing) {
      if (depth === 0) blocks.push({ tag: name, start, end, marker: name === 'hr' && attributes!.includes(PREVIEW_END_ATTRIBUTE) });
    } else {
      if (depth === 0) open = { tag: name, start, marker: false };
      depth += 1;
    }
  }
  if (open) blocks.push({ ...open, end: html.length });
  return blocks;
}

/** The HTML without the editor's marker (readers with access get the story whole, marker gone). */
export function withoutPreviewMarker(html: string): string {
  return html.replace(MARKER, '');
}

export function hasPreviewMarker(html: string): boolean {
  MARKER.lastIndex = 0;
  const found = MARKER.test(html);
  MARKER.lastIndex = 0;
  return found;
}

/**
 * The story's opening and the rest. The opening ends at the marker when the editor placed one;
 * otherwise after the second paragraph (or the second block, for a story with fewer paragraphs),
 * but never so late that nothing stays behind: at least the last block is always in the rest.
 */
export function splitStory(html: string): { opening: string; rest: string } {
  const blocks = topLevelBlocks(html);
  const marker = blocks.find((block) => block.marker);
  if (marker) {
    return { opening: withoutPreviewMarker(html.slice(0, marker.start)).trim(), rest: withoutPreviewMarker(html.slice(marker.end)).trim() };
  }
  if (blocks.length <= 1) return { opening: '', rest: withoutPreviewMarker(html).trim() };
  const paragraphs = blocks.filter((block) => block.tag === 'p');
  const last =
    paragraphs.length >= OPENING_PARAGRAPHS
      ? paragraphs[OPENING_PARAGRAPHS - 1]!
      : blocks[Math.min(OPENING_PARAGRAPHS, blocks.length) - 1]!;
  const cutAfter = Math.min(blocks.indexOf(last), blocks.length - 2);
  const cut = blocks[cutAfter]!.end;
  return { opening: withoutPreviewMarker(html.slice(0, cut)).trim(), rest: withoutPreviewMarker(html.slice(cut)).trim() };
}
