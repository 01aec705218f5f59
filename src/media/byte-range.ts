/**
 * HTTP Range for one stored object (RFC 9110 section 14): a single byte range, open-ended or a
 * suffix. Several ranges at once are answered with the whole object, which the RFC allows.
 */
export type RangeRequest = { kind: 'whole' } | { kind: 'partial'; offset: number; length: number } | { kind: 'unsatisfiable' };

export function resolveRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Not a single byte range we understand: ignore it and send everything.
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    const length = Math.min(suffix, size);
    return { kind: 'partial', offset: size - length, length };
  }
  const offset = Number(first);
  if (offset >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < offset) return { kind: 'whole' };
  return { kind: 'partial', offset, length: end - offset + 1 };
}

export function contentRange(range: { offset: number; length: number }, size: number): string {
  return `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`;
}

/** If-None-Match against a strong ETag, with the weak comparison the RFC asks for GET and HEAD. */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => bare(candidate) === bare(etag));
}
