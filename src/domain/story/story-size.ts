/**
 * D1 stores at most 2,000,000 bytes in one row, and in any one value of it (docs/product/rules.md,
 * "Limits and constants"). A story's row holds its text fields and a few hundred bytes of ids,
 * flags, times and status; a revision (story_revisions) holds a copy of the same text fields. So
 * one check of the text fields, before anything is written, keeps both rows storable. The story's
 * row also keeps the body as plain text for search (story-text.ts), so that counts too.
 */
export const D1_ROW_LIMIT_BYTES = 2_000_000;
/** What the rows' other columns may take, with room to spare (they take under 1 kB today). */
const OTHER_COLUMNS_BYTES = 16_000;
/** The most UTF-8 bytes a story's text fields may take together. */
export const STORY_TEXT_LIMIT_BYTES = D1_ROW_LIMIT_BYTES - OTHER_COLUMNS_BYTES;

export type StoryTextFields = Record<string, string | null>;

export interface StoryTextOverflow {
  /** The largest field: the one to shorten. */
  field: string;
  /** All text fields together, in UTF-8 bytes. */
  bytes: number;
  limit: number;
}

/** The length of `text` in UTF-8, as D1 stores it (a lone surrogate becomes U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Null when the fields fit in a row, else which field to shorten and by how much they are over.
 * `derivedBytes` counts what the row also stores that is made from the fields (the body's plain
 * text for search), never named as the field to shorten.
 */
export function storyTextOverflow(
  fields: StoryTextFields,
  limit: number = STORY_TEXT_LIMIT_BYTES,
  derivedBytes = 0,
): StoryTextOverflow | null {
  let bytes = derivedBytes;
  let largest = { field: '', bytes: -1 };
  for (const [field, value] of Object.entries(fields)) {
    const size = value === null ? 0 : utf8Length(value);
    bytes += size;
    if (size > largest.bytes) largest = { field, bytes: size };
  }
  return bytes > limit ? { field: largest.field, bytes, limit } : null;
}

export function storyTooLongMessage(overflow: StoryTextOverflow): string {
  const format = (n: number) => n.toLocaleString('en-US');
  return `This story is too long to save: its text takes ${format(overflow.bytes)} bytes, at most ${format(overflow.limit)}`;
}
