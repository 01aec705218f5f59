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

/**
 * Keeps the form's unsaved work on this device while it differs from what is stored, and finds
 * the copy a crash or reload left behind. `paused` stops writing while an old copy waits for the
 * reporter's answer, so it is not overwritten before they have seen it.
 */
export function useLocalDraft(options: {
  userId: number;
  storyId: number | 'new';
  values: StoryFormValues;
  baseVersion: number | null;
  dirty: boolean;
  paused: boolean;
}) {
  const { userId, storyId, values, baseVersion, dirty, paused } = options;
  const key = draftKey(userId, storyId);
  const [found] = useState<LocalDraft | null>(() => {
    const store = storage();
    return store ? readDraft(store, key) : null;
  });

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

  return useMemo(
    () => ({
      /** The copy found when the form opened, if any. */
      found,
      /** Forgets the copy (after a save, or when the reporter discards it). */
      clear: () => {
        const store = storage();
        if (store) clearDraft(store, key);
      },
    }),
    [found, key],
  );
}
