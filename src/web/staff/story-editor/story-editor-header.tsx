import { Link } from '@tanstack/react-router';
import type { Story } from '../../../domain/story/entities.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { StatusBadge } from '../story-bits.tsx';

interface StoryEditorHeaderProps {
  /** The story the editor opened (its Preview link); absent in create mode. */
  story: Story | undefined;
  /** The story as stored now (a restore from History replaces it). */
  stored: Story | undefined;
  /** When the newest known version was saved (a conflicting one counts). */
  updatedAt: string | undefined;
  historyOpen: boolean;
  onToggleHistory: () => void;
}

/** The editor's header: back link, "Create New Story" or "Edit Story" with its dates, History and Preview. */
export function StoryEditorHeader({ story, stored, updatedAt, historyOpen, onToggleHistory }: StoryEditorHeaderProps) {
  return (
    <header className="editor-header">
      <Link to="/dashboard" className="button button-ghost back-link">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div className="editor-header-title">
        <h1>{story ? 'Edit Story' : 'Create New Story'}</h1>
        {story && updatedAt ? <p className="muted">Last updated {formatFullDate(updatedAt)}</p> : null}
        {stored?.status === 'scheduled' && stored.publishAt ? (
          <p className="schedule-note">
            <StatusBadge status="scheduled" /> Scheduled for {formatFullDate(stored.publishAt)}
          </p>
        ) : null}
      </div>
      {story ? (
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={historyOpen}
            aria-controls="story-history"
            onClick={onToggleHistory}
          >
            History
          </button>
          <a className="button button-secondary" href={storyPath(story)} target="_blank" rel="noopener noreferrer">
            Preview<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
    </header>
  );
}
