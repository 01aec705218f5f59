import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Beat } from '../../../domain/beats/entities.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { formatDay } from '../../../domain/dates.ts';
import { BeatDialog } from './beat-dialog.tsx';
import { ManagementHeading } from './management-heading.tsx';

/** Beat Management: every beat with its description and creation date; add and edit. */
export function BeatManagement() {
  const beats = useQuery(beatsQuery());
  const [dialog, setDialog] = useState<{ beat: Beat | null } | null>(null);
  return (
    <section className="card" aria-labelledby="beats-title">
      <ManagementHeading
        id="beats-title"
        title="Beat Management"
        note="Topic areas stories are filed under."
        addLabel="Add Beat"
        onAdd={() => setDialog({ beat: null })}
      />
      {beats.isPending ? <Spinner label="Loading beats" /> : null}
      {beats.isError ? (
        <p role="alert" className="field-error">
          Beats could not be loaded.
        </p>
      ) : null}
      {beats.data?.length === 0 ? <p className="empty-state">No beats yet. Add the first one.</p> : null}
      {beats.data && beats.data.length > 0 ? (
        <ul className="beat-list">
          {beats.data.map((beat) => (
            <li key={beat.id} className="beat-item">
              <div className="beat-main">
                <p className="beat-name">{beat.name}</p>
                {beat.description ? <p className="beat-description">{beat.description}</p> : null}
                <p className="muted small">Created {formatDay(beat.createdAt)}</p>
              </div>
              <button
                type="button"
                className="icon-button"
                aria-label={`Edit ${beat.name}`}
                title={`Edit ${beat.name}`}
                onClick={() => setDialog({ beat })}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <BeatDialog open={dialog !== null} beat={dialog?.beat ?? null} onClose={() => setDialog(null)} />
    </section>
  );
}
