import { diffWords } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * A word-level comparison of an older text with a newer one (`diff`'s diffWords: decision 032).
 * Where a removed run and an added run meet with no space between them ("city" replaced by "town"),
 * a space is put between them, so the comparison reads "city town", not "citytown".
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const part of diffWords(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const previous = parts.at(-1);
    const changes = kind !== 'same' && previous && previous.kind !== 'same' && previous.kind !== kind;
    if (changes && !/\s$/.test(previous.text) && !/^\s/.test(part.value)) parts.push({ kind: 'same', text: ' ' });
    parts.push({ kind, text: part.value });
  }
  return parts;
}
