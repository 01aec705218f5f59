import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { correctionLine } from '../../../domain/dates.ts';
import { messages } from '../../../domain/messages.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { TextAreaField } from '../../forms/form-field.tsx';
import { storyQueries } from '../../api/story-queries.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { storyByIdQuery } from '../story-api.ts';
import { addCorrection } from '../workflow-api.ts';
import { cacheCorrection } from './correction-cache.ts';

const NOTE_MAX = 1000;

/**
 * Corrections on a published story (docs/product/api.md): the public record of what it got wrong. Each one is
 * shown at the end of the story with its date and can never be edited or removed.
 */
export function CorrectionsCard({ story }: { story: Story }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The checked note waiting for the confirmation: a correction is permanent, so it is never sent on one click.
  const [confirming, setConfirming] = useState<string | null>(null);
  // The list comes from the cached story (the editor's own read), so it holds each correction once,
  // however often the story is read again.
  const cached = useQuery({ ...storyByIdQuery(story.id), initialData: story });
  const corrections = cached.data.corrections;

  const add = useMutation({
    mutationFn: (text: string) => addCorrection(story.id, text),
    onSuccess: async (correction) => {
      cacheCorrection(queryClient, story.id, correction);
      setNote('');
      toast({ title: 'Correction published', description: 'It shows at the end of the story.', variant: 'success' });
      await queryClient.invalidateQueries(storyQueries);
    },
    onError: (failure) => {
      const message = failure instanceof ApiError ? (failure.fields.note ?? failure.serverMessage) : null;
      setError(message ?? 'Failed to publish the correction');
    },
  });

  if (story.status !== 'published') return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === '') return setError(messages.correctionRequired);
    if (text.length > NOTE_MAX) return setError(messages.correctionTooLong);
    setError(undefined);
    setConfirming(text);
  };

  return (
    <section className="card corrections-card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        Corrections
      </h2>
      {corrections.length > 0 ? (
        <ul className="correction-list">
          {corrections.map((correction) => (
            <li key={correction.id}>{correctionLine(correction)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted small">None. Readers see every correction at the end of the story, with its date.</p>
      )}
      {/* Its own form: the story form's submit must not send it, nor this one the story. */}
      <form onSubmit={onSubmit} noValidate>
        <TextAreaField
          id="correction-note"
          label="Add a correction"
          hint={`Say what was wrong and what is right. Corrections are permanent: they cannot be edited or removed. ${note.trim().length}/${NOTE_MAX}`}
          rows={3}
          value={note}
          maxLength={NOTE_MAX}
          error={error}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? 'Publishing...' : 'Publish correction'}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Publish this correction?"
        description="Readers see it at the end of the story, with today’s date. A correction is permanent: it cannot be edited or removed."
        confirmLabel="Publish correction"
        pending={add.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          add.mutate(confirming, { onSettled: () => setConfirming(null) });
        }}
      />
    </section>
  );
}
