import type { StoryFormValues } from './story-form-values.ts';
import { emptyStoryForm } from './story-form-values.ts';

/**
 * A copy of unsaved work kept on this device, so a crash, a closed tab or a reload never costs a
 * reporter their text. One per user and story ("new" for a story not yet created).
 */
export interface LocalDraft {
  values: StoryFormValues;
  /** The story version the work started from (null in create mode). */
  baseVersion: number | null;
  savedAt: string;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(userId: number, storyId: number | 'new'): string {
  return `newsroom:story-draft:${userId}:${storyId}`;
}

function isDraft(value: unknown): value is LocalDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  const values = draft.values as Record<string, unknown> | undefined;
  if (!values || typeof values !== 'object' || typeof draft.savedAt !== 'string') return false;
  if (draft.baseVersion !== null && typeof draft.baseVersion !== 'number') return false;
  return Object.entries(emptyStoryForm).every(([field, empty]) => typeof values[field] === typeof empty);
}

export function readDraft(storage: DraftStorage, key: string): LocalDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    // A copy kept before stories had a format is an article's.
    const values = (parsed as { values?: Record<string, unknown> } | null)?.values;
    if (values && typeof values === 'object' && values.format === undefined) values.format = emptyStoryForm.format;
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** False when the device would not store it (storage full or blocked). */
export function writeDraft(storage: DraftStorage, key: string, draft: LocalDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Blocked storage holds no draft.
  }
}
