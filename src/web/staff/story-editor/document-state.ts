import { countOf } from '../../../domain/plural.ts';

/** Where the story stands against what is stored, as the editor's action bar says it. */
export type DocumentTone = 'saved' | 'new' | 'unsaved' | 'busy' | 'failed';

export interface DocumentState {
  tone: DocumentTone;
  /** A word or two, beside the save button: "Saved", "Unsaved changes", "Saving…". */
  label: string;
  /** What else is worth knowing, in smaller type where there is room. */
  detail: string | null;
}

export interface DocumentFacts {
  editing: boolean;
  dirty: boolean;
  saving: boolean;
  /** The last save was refused or failed (and nothing was saved since). */
  failed: boolean;
  pendingUploads: number;
}

/** The document's state, most pressing first: a save under way, uploads it waits for, a failure, unsaved work. */
export function documentState({ editing, dirty, saving, failed, pendingUploads }: DocumentFacts): DocumentState {
  if (saving) return { tone: 'busy', label: 'Saving…', detail: null };
  if (pendingUploads > 0)
    return { tone: 'busy', label: `Waiting for ${countOf(pendingUploads, 'upload')}`, detail: 'Saving waits until they finish' };
  if (failed && dirty) return { tone: 'failed', label: 'Not saved', detail: 'The last save did not go through' };
  if (dirty) return { tone: 'unsaved', label: 'Unsaved changes', detail: 'A copy is kept on this device' };
  if (!editing) return { tone: 'new', label: 'Not saved yet', detail: null };
  return { tone: 'saved', label: 'Saved', detail: null };
}
