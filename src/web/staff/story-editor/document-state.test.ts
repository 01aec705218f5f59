import { describe, expect, it } from 'vitest';
import { documentState, type DocumentFacts } from './document-state.ts';

const calm: DocumentFacts = { editing: true, dirty: false, saving: false, failed: false, pendingUploads: 0 };

describe('the editor’s document state', () => {
  it('is Saved for a stored story without changes, and Not saved yet for a new one', () => {
    expect(documentState(calm)).toMatchObject({ tone: 'saved', label: 'Saved' });
    expect(documentState({ ...calm, editing: false })).toMatchObject({ tone: 'new', label: 'Not saved yet' });
  });

  it('says Unsaved changes while the form differs from what is stored', () => {
    expect(documentState({ ...calm, dirty: true })).toEqual({
      tone: 'unsaved',
      label: 'Unsaved changes',
      detail: 'A copy is kept on this device',
    });
  });

  it('puts a save under way first, then the uploads it waits for, then a failed save', () => {
    const all = { editing: true, dirty: true, saving: true, failed: true, pendingUploads: 2 };
    expect(documentState(all).label).toBe('Saving…');
    expect(documentState({ ...all, saving: false }).label).toBe('Waiting for 2 uploads');
    expect(documentState({ ...all, saving: false, pendingUploads: 1 }).label).toBe('Waiting for 1 upload');
    expect(documentState({ ...all, saving: false, pendingUploads: 0 })).toMatchObject({ tone: 'failed', label: 'Not saved' });
  });

  it('forgets a failure once nothing differs (the work was loaded or saved since)', () => {
    expect(documentState({ ...calm, failed: true }).label).toBe('Saved');
  });
});
