import { useEffect, useMemo, useState } from 'react';
import { clearDraft, draftKey, readDraft, writeDraft, type LocalDraft } from './local-draft.ts';
import type { StoryFormValues } from './story-form-values.ts';

const SAVE_DELAY_MS = 400;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The copy of unsaved work a crash or reload left on this device for this user and story, read once. */
export function useLocalDraft(userId: number, storyId: number | 'new') {
  const key = draftKey(userId, storyId);
  const [found] = useState<LocalDraft | null>(() => {
    const store = storage();
    return store ? readDraft(store, key) : null;
  });
  return useMemo(
    () => ({
      key,
      found,
      /** Forgets the copy (after a save, or when the reporter discards it). */
      clear: () => {
        const store = storage();
        if (store) clearDraft(store, key);
      },
    }),
    [key, found],
  );
}

/**
 * Keeps the form's work on this device while it differs from what is stored, and forgets it once
 * it no longer does. `paused` stops writing while an older copy waits for the reporter's answer,
 * so it is not overwritten before they have seen it.
 */
export function useDraftAutosave(
  key: string,
  state: { values: StoryFormValues; baseVersion: number | null; dirty: boolean; paused: boolean },
) {
  const { values, baseVersion, dirty, paused } = state;
  useEffect(() => {
    const store = storage();
    if (!store || paused) return;
    if (!dirty) {
      clearDraft(store, key);
      return;
    }
    const timer = setTimeout(() => writeDraft(store, key, { values, baseVersion, savedAt: new Date().toISOString() }), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, values, baseVersion, dirty, paused]);
}
