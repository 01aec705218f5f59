import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CheckboxField } from '../../forms/form-field.tsx';
import { StoryEditor } from '../story-editor/rich-text/rich-text-editor.tsx';
import { uploadStoryMedia } from '../uploads/upload-story-media.ts';

export interface UpdateDraft {
  body: string;
  keyEvent: boolean;
  pinned: boolean;
}

interface UpdateComposerProps {
  /** The composer's visible name (the editor is labelled by it). */
  label: string;
  initial?: UpdateDraft;
  submitLabel: string;
  /** Resolves to null when done (the composer then starts afresh), or the message to show. */
  onSubmit: (draft: UpdateDraft) => Promise<string | null>;
  onCancel?: () => void;
  /** Changing it mounts the editor afresh on `initial` (another reporter's newer version, say). */
  resetKey?: number;
}

export const POST_SHORTCUT_HINT = 'Ctrl+Enter posts (⌘+Enter on a Mac).';

/**
 * The live desk's composer (docs/product/screens.md, "Live desk"): the story editor, compact, the
 * key event and pin toggles, and one button (or Ctrl+Enter) that posts. Also edits an update.
 */
export function UpdateComposer({ label, initial, submitLabel, onSubmit, onCancel, resetKey = 0 }: UpdateComposerProps) {
  const labelId = useId();
  const errorId = useId();
  const [body, setBody] = useState(initial?.body ?? '');
  const [empty, setEmpty] = useState(!initial);
  const [keyEvent, setKeyEvent] = useState(initial?.keyEvent ?? false);
  const [pinned, setPinned] = useState(initial?.pinned ?? false);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // The one post in flight: a second Ctrl+Enter or click before it answers does nothing.
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current || pendingUploads > 0) return;
    if (empty) return setProblem('Write the update before posting it');
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    const failure = await onSubmit({ body, keyEvent, pinned });
    inFlight.current = false;
    setSending(false);
    if (failure) return setProblem(failure);
    if (initial) return;
    // Posted: a clean composer for the next one.
    setBody('');
    setEmpty(true);
    setKeyEvent(false);
    setPinned(false);
    setRound((n) => n + 1);
  };

  // Ctrl+Enter anywhere in the composer (the toggles too) posts; in the text the editor itself catches it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || (event.target as Element).closest('.ProseMirror')) return;
    event.preventDefault();
    void submit();
  };

  return (
    <div className="update-composer" onKeyDown={onKeyDown}>
      <p className="update-composer-label" id={labelId}>
        {label}
      </p>
      <StoryEditor
        key={`${resetKey}-${round}`}
        compact
        placeholder="What just happened?"
        initialContent={initial?.body ?? ''}
        labelledBy={labelId}
        describedBy={problem ? errorId : undefined}
        invalid={problem !== null}
        uploadMedia={uploadStoryMedia}
        onPendingUploadsChange={setPendingUploads}
        onReady={(html, isEmpty) => {
          setBody(html);
          setEmpty(isEmpty);
        }}
        onChange={(html, isEmpty) => {
          setBody(html);
          setEmpty(isEmpty);
          if (!isEmpty) setProblem(null);
        }}
        onSubmitShortcut={() => void submit()}
      />
      <p id={errorId} className="field-error" role="alert">
        {problem ?? ''}
      </p>
      <div className="update-composer-actions">
        <CheckboxField label="Key event" checked={keyEvent} onChange={(event) => setKeyEvent(event.target.checked)} />
        <CheckboxField label="Pin to top" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
        <span className="muted update-composer-hint">{POST_SHORTCUT_HINT}</span>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          onClick={() => void submit()}
          aria-disabled={sending || pendingUploads > 0 || undefined}
        >
          {sending ? 'Saving...' : pendingUploads > 0 ? 'Waiting for uploads…' : submitLabel}
        </button>
      </div>
    </div>
  );
}
