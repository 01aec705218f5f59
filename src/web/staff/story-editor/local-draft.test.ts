import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftStorage } from './local-draft.ts';
import { emptyStoryForm } from './story-form-values.ts';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('local drafts', () => {
  const draft = { values: { ...emptyStoryForm, title: 'Half written' }, baseVersion: 3, savedAt: '2025-01-01T00:00:00.000Z' };

  it('keeps one draft per user and story', () => {
    expect(draftKey(5, 12)).not.toBe(draftKey(6, 12));
    expect(draftKey(5, 'new')).not.toBe(draftKey(5, 12));
  });

  it('reads back what it wrote, and forgets it when cleared', () => {
    const storage = memoryStorage();
    expect(writeDraft(storage, 'k', draft)).toBe(true);
    expect(readDraft(storage, 'k')).toEqual(draft);
    clearDraft(storage, 'k');
    expect(readDraft(storage, 'k')).toBeNull();
  });

  it('ignores corrupt or foreign data instead of offering it', () => {
    const storage = memoryStorage();
    storage.data.set('a', '{not json');
    storage.data.set('b', JSON.stringify({ values: { title: 1 }, baseVersion: null, savedAt: 'x' }));
    expect(readDraft(storage, 'a')).toBeNull();
    expect(readDraft(storage, 'b')).toBeNull();
  });

  it('reports a device that will not store the draft', () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(writeDraft(full, 'k', draft)).toBe(false);
  });
});
