import { useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import type { Coverage } from '../../../domain/story/story.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { failureText, setCoverage } from './live-desk-api.ts';

interface CoverageControlsProps {
  storyId: number;
  coverage: Coverage;
  /** The story's author or an admin: only they end or reopen coverage. */
  mayChange: boolean;
  onChanged: (story: Story) => void;
}

/** LIVE or "Coverage ended", and "End coverage" (after asking) or "Reopen coverage". */
export function CoverageControls({ storyId, coverage, mayChange, onChanged }: CoverageControlsProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (next: Coverage) => {
    setPending(true);
    setProblem(null);
    try {
      onChanged(await setCoverage(storyId, next));
    } catch (error) {
      setProblem(failureText(error, 'Coverage could not be changed'));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <div className="coverage-controls">
      {coverage === 'live' ? (
        <span className="badge badge-live desk-badge">
          <span className="live-dot" aria-hidden="true" />
          LIVE
        </span>
      ) : (
        <span className="badge badge-ended">Coverage ended</span>
      )}
      {mayChange && coverage === 'live' ? (
        <button type="button" className="button button-small button-danger" onClick={() => setConfirming(true)}>
          End coverage
        </button>
      ) : null}
      {mayChange && coverage === 'ended' ? (
        <button
          type="button"
          className="button button-small button-secondary"
          aria-disabled={pending || undefined}
          onClick={() => void change('live')}
        >
          {pending ? 'Working...' : 'Reopen coverage'}
        </button>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="End coverage?"
        description="Readers see that the live blog is no longer being updated, and nobody can post to it until coverage is reopened."
        confirmLabel="End coverage"
        pending={pending}
        onConfirm={() => void change('ended')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
