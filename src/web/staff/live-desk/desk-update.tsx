import { useState } from 'react';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { updateTime } from '../../../domain/live-blog/live-blog.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { deleteUpdate, editUpdate, failureText, staleUpdateOf } from './live-desk-api.ts';
import { UpdateComposer, type UpdateDraft } from './update-composer.tsx';

interface DeskUpdateProps {
  storyId: number;
  update: LiveBlogUpdate;
  user: User;
  onChanged: (update: LiveBlogUpdate) => void;
  onDeleted: (updateId: number) => void;
}

/**
 * One update on the live desk: its time, author, flags and text; for its author or an admin, Edit
 * (in the compact composer), Delete (after asking), and one-click key event and pin toggles. A
 * change made on an older version than the stored one is refused (409): the reporter is told, and
 * sees the stored version to redo the change on.
 */
export function DeskUpdate({ storyId, update, user, onChanged, onDeleted }: DeskUpdateProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(0);
  // The version the open editor started from: the desk keeps refreshing the list meanwhile, and a
  // save must not quietly take a colleague's newer version as its base.
  const [editedVersion, setEditedVersion] = useState<number | null>(null);
  const mayChange = user.role === 'admin' || update.author.id === user.id;

  const startEditing = () => {
    setEditedVersion(update.version);
    setEditing(true);
  };

  /** Saves a change; a stale version shows the stored update and says why. */
  const change = async (patch: Partial<UpdateDraft>): Promise<string | null> => {
    try {
      onChanged(await editUpdate(storyId, update.id, { ...patch, version: editing ? (editedVersion ?? update.version) : update.version }));
      setNotice(null);
      setEditing(false);
      return null;
    } catch (error) {
      const current = staleUpdateOf(error);
      if (!current) return failureText(error, 'The update could not be saved');
      onChanged(current);
      setEditedVersion(current.version);
      setReloaded((n) => n + 1);
      const message = failureText(error, 'Someone else changed this update.');
      // While editing, the composer says it (over their version); a toggle says it here.
      if (!editing) setNotice(message);
      return message;
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteUpdate(storyId, update.id);
      onDeleted(update.id);
    } catch (error) {
      setNotice(failureText(error, 'The update could not be deleted'));
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <li className="desk-update" data-update-id={update.id} data-version={update.version}>
      <article aria-labelledby={`desk-update-${update.id}`}>
        <header className="desk-update-header">
          <time id={`desk-update-${update.id}`} dateTime={update.createdAt}>
            {updateTime(update.createdAt, new Date().toISOString())}
          </time>
          <span className="muted">{authorName(update.author)}</span>
          {update.pinned ? <span className="badge badge-accent">Pinned</span> : null}
          {update.keyEvent ? <span className="badge badge-key-event">Key event</span> : null}
        </header>
        {notice ? (
          <p className="notice notice-danger" role="alert">
            {notice}
          </p>
        ) : null}
        {editing ? (
          <UpdateComposer
            label="Edit the update"
            resetKey={reloaded}
            initial={{ body: update.body, keyEvent: update.keyEvent, pinned: update.pinned }}
            submitLabel="Save update"
            onSubmit={(draft) => change(draft)}
            onCancel={() => {
              setEditing(false);
              setNotice(null);
            }}
          />
        ) : (
          // Sanitised on the server when posted (docs/product/api-liveblogs.md).
          <div className="desk-update-body article-content" dangerouslySetInnerHTML={{ __html: update.body }} />
        )}
        {mayChange && !editing ? (
          <div className="button-row desk-update-actions">
            <button type="button" className="button button-small button-secondary" onClick={startEditing}>
              Edit
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-pressed={update.keyEvent}
              onClick={() => void change({ keyEvent: !update.keyEvent })}
            >
              Key event
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-pressed={update.pinned}
              onClick={() => void change({ pinned: !update.pinned })}
            >
              {update.pinned ? 'Unpin' : 'Pin'}
            </button>
            <button type="button" className="button button-small button-danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          </div>
        ) : null}
      </article>
      <ConfirmDialog
        open={confirming}
        title="Delete this update?"
        description="Readers stop seeing it within seconds. This cannot be undone."
        confirmLabel="Delete update"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
