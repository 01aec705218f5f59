import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { authorName } from '../../../../domain/story/byline.ts';
import type { Story, StoryRevision } from '../../../../domain/story/entities.ts';
import { formatFullDate } from '../../../../domain/dates.ts';
import { storyQueries } from '../../../api/story-queries.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { staleStoryOf } from '../../story-api.ts';
import { statusLabel } from '../../../../domain/story/story.ts';
import { restoreRevision, revisionQuery, revisionsQuery } from '../../workflow-api.ts';
import { readableText } from './readable-text.ts';
import { WordDiff } from './word-diff.tsx';

interface HistoryPanelProps {
  /** The story as stored now: what a revision is compared with. */
  current: Story;
  /** The version the editor holds; a restore is refused (409) when the story has moved on since. */
  version: number;
  /** Unsaved changes in the form: a restore would replace them, so it waits. */
  dirty: boolean;
  onRestored: (story: Story) => void;
  onStale: (stored: Story) => void;
}

/** The editor's History: every saved revision, any one readable, compared word by word with the current text, and restorable. */
export function HistoryPanel({ current, version, dirty, onRestored, onStale }: HistoryPanelProps) {
  const headingId = useId();
  const revisions = useQuery(revisionsQuery(current.id));
  const [selected, setSelected] = useState<number | null>(null);

  return (
    <section className="card history-card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        History
      </h2>
      {revisions.isPending ? (
        <Spinner label="Loading history" />
      ) : revisions.isError ? (
        <p role="alert">Could not load the history. Try again later.</p>
      ) : revisions.data.length === 0 ? (
        <p className="muted">No saved versions yet. Each save that changes the text, slug, status or video keeps one.</p>
      ) : (
        <div className="history-layout">
          <ol className="revision-list" aria-label="Saved versions, newest first">
            {revisions.data.map((revision) => (
              <li key={revision.id}>
                <button
                  type="button"
                  className="revision-item"
                  aria-pressed={selected === revision.id}
                  onClick={() => setSelected(revision.id)}
                >
                  <span className="revision-title">
                    Version {revision.version}
                    {revision.version === current.version ? ' (current)' : ''}
                  </span>
                  <span className="revision-meta">
                    {statusLabel(revision.status)} · {authorName(revision.editor)} · {formatFullDate(revision.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {selected === null ? (
            <p className="muted history-hint">Choose a version to read it and compare it with the current text.</p>
          ) : (
            <RevisionView
              key={selected}
              storyId={current.id}
              revisionId={selected}
              current={current}
              version={version}
              dirty={dirty}
              onRestored={onRestored}
              onStale={onStale}
            />
          )}
        </div>
      )}
    </section>
  );
}

function RevisionView({
  storyId,
  revisionId,
  current,
  version,
  dirty,
  onRestored,
  onStale,
}: HistoryPanelProps & { storyId: number; revisionId: number }) {
  const revision = useQuery(revisionQuery(storyId, revisionId));
  const [mode, setMode] = useState<'compare' | 'read'>('compare');
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: (chosen: StoryRevision) => restoreRevision(storyId, chosen.id, version),
    onSuccess: async (story, chosen) => {
      toast({
        title: 'Version restored',
        description: `Version ${chosen.version} is now the current text (version ${story.version}).`,
        variant: 'success',
      });
      onRestored(story);
      await queryClient.invalidateQueries(storyQueries);
    },
    onError: (error) => {
      const stored = staleStoryOf(error);
      if (stored) onStale(stored);
      toast({
        title: 'Error',
        description: stored ? 'The story changed since you opened it; nothing was restored.' : 'Failed to restore this version',
        variant: 'destructive',
      });
    },
  });

  if (revision.isPending) return <Spinner label="Loading version" />;
  if (revision.isError) return <p role="alert">Could not load this version.</p>;
  const chosen = revision.data;

  return (
    <article className="revision-view" aria-label={`Version ${chosen.version}`}>
      <header className="revision-view-header">
        <h3>
          Version {chosen.version}, saved {formatFullDate(chosen.createdAt)} by {authorName(chosen.editor)}
        </h3>
        <div className="segmented" role="group" aria-label="Show">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-pressed={mode === 'compare'}
            onClick={() => setMode('compare')}
          >
            Compare with current
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-pressed={mode === 'read'}
            onClick={() => setMode('read')}
          >
            Read this version
          </button>
        </div>
      </header>
      {mode === 'compare' ? (
        <div className="revision-compare">
          <p className="muted small">
            <del>Struck through</del>: in this version, not in the current text. <ins>Underlined</ins>: added since.
          </p>
          <h4>Title</h4>
          <WordDiff label="Title changes" before={chosen.title} after={current.title} />
          <h4>Description</h4>
          <WordDiff label="Description changes" before={chosen.description} after={current.description} />
          <h4>Content</h4>
          <WordDiff label="Content changes" before={readableText(chosen.content)} after={readableText(current.content)} />
        </div>
      ) : (
        <div className="revision-read">
          <p className="revision-read-title">{chosen.title}</p>
          <p className="muted">{chosen.description}</p>
          {/* Stored sanitised (docs/product/api.md), as the story page shows it. */}
          <div className="article-content" dangerouslySetInnerHTML={{ __html: chosen.content }} />
        </div>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={dirty || restore.isPending}
          aria-busy={restore.isPending}
          onClick={() => restore.mutate(chosen)}
        >
          {restore.isPending ? 'Restoring...' : 'Restore this version'}
        </button>
      </div>
      {dirty ? <p className="muted small">Save or discard your changes before restoring an older version.</p> : null}
    </article>
  );
}
