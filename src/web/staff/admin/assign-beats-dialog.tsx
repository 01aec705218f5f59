import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { assignBeats, userBeatsQuery } from './users-api.ts';
import { Dialog } from '../../forms/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { FormActions } from '../../forms/form-actions.tsx';

/** Chooses the beats a reporter covers (shown as their Beat Assignment; none means "General"). */
export function AssignBeatsDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user ? `Beats for ${user.username}` : 'Beats'}
      description="Tick the beats this reporter covers. With none ticked they cover General news."
    >
      {user ? <AssignBeatsForm user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function AssignBeatsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const beats = useQuery(beatsQuery());
  const assigned = useQuery({ ...userBeatsQuery(user.id), staleTime: 0 });
  if (beats.isPending || assigned.isPending) return <Spinner label="Loading beats" />;
  if (beats.isError || assigned.isError) {
    return (
      <p role="alert" className="field-error">
        The beats could not be loaded. Close this and try again.
      </p>
    );
  }
  return <BeatChecklist user={user} beats={beats.data} initial={assigned.data} onDone={onDone} />;
}

function BeatChecklist({ user, beats, initial, onDone }: { user: User; beats: Beat[]; initial: Beat[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(() => new Set(initial.map((beat) => beat.id)));
  const save = useMutation({
    mutationFn: () => assignBeats(user.id, [...chosen]),
    onSuccess: async () => {
      toast({ title: 'Beats assigned successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: userBeatsQuery(user.id).queryKey });
      onDone();
    },
    onError: () => toast({ title: 'Failed to assign beats', variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className="dialog-form" onSubmit={onSubmit}>
      {beats.length === 0 ? (
        <p className="muted">There are no beats yet. Add one under Beat Management first.</p>
      ) : (
        <fieldset className="checklist">
          <legend className="visually-hidden">Beats</legend>
          {beats.map((beat) => (
            <label key={beat.id} className="checklist-item">
              <input
                type="checkbox"
                checked={chosen.has(beat.id)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(beat.id);
                    else next.delete(beat.id);
                    return next;
                  })
                }
              />
              <span>
                <span className="checklist-name">{beat.name}</span>
                {beat.description ? <span className="checklist-description">{beat.description}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <FormActions onCancel={onDone} disabled={save.isPending || beats.length === 0}>
        {save.isPending ? 'Saving...' : 'Save Beats'}
      </FormActions>
    </form>
  );
}
