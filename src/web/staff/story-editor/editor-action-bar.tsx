import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DocumentState } from './document-state.ts';

interface EditorActionBarProps {
  /** The story form's id: the save button submits it from outside it. */
  formId: string;
  state: DocumentState;
  editing: boolean;
  saving: boolean;
  /** Saving is not possible now (a save under way, uploads still going). */
  blocked: boolean;
  /** Who else is in the story, between the state and the buttons (a collaborators strip). */
  people?: ReactNode;
}

/**
 * The editor's action bar: it sticks to the top of the screen for the whole page, so the document's
 * state and the save button are in view wherever the reporter is writing (docs/product/screens.md,
 * "Story editor"; decision 115). Ctrl+S (Cmd+S) saves too: use-save-shortcut.ts.
 */
export function EditorActionBar({ formId, state, editing, saving, blocked, people }: EditorActionBarProps) {
  return (
    <div className="editor-action-bar" role="region" aria-label="Story actions">
      <p className={`document-state document-state-${state.tone}`} role="status">
        <span className="document-state-label">{state.label}</span>
        {state.detail ? <span className="document-state-detail">{state.detail}</span> : null}
      </p>
      {people ? <div className="editor-people">{people}</div> : null}
      <div className="editor-action-buttons">
        <Link to="/dashboard" className="button button-ghost button-small editor-cancel">
          Cancel
        </Link>
        <button
          type="submit"
          form={formId}
          className="button button-primary button-small"
          disabled={blocked}
          aria-busy={saving}
          aria-keyshortcuts={editing ? 'Control+S Meta+S' : undefined}
          title={editing ? 'Ctrl+S (⌘+S on a Mac) saves and keeps you writing' : undefined}
        >
          {saving ? 'Saving...' : editing ? 'Update Story' : 'Create Story'}
        </button>
      </div>
    </div>
  );
}
