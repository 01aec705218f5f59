import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { Beat } from '../../../domain/beats/entities.ts';
import { createBeatSchema } from '../../../domain/beats/schemas.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { createBeat, updateBeat, type BeatInput } from './beat-api.ts';
import { Dialog } from '../../forms/dialog.tsx';
import { TextAreaField, TextField } from '../../forms/form-field.tsx';
import { focusFirstError, validateForm, type FieldErrors } from '../../forms/validate-form.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { showSaveFailure } from '../../forms/save-failure.ts';

/** "Add Beat" (no beat given) or "Edit Beat": Beat Name (required) and Description. */
export function BeatDialog({ open, beat, onClose }: { open: boolean; beat: Beat | null; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={beat ? 'Edit Beat' : 'Add Beat'}
      description={beat ? undefined : 'A beat is a topic area stories can be filed under.'}
    >
      <BeatForm beat={beat} onDone={onClose} />
    </Dialog>
  );
}

function BeatForm({ beat, onDone }: { beat: Beat | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BeatInput>({ name: beat?.name ?? '', description: beat?.description ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const notices = beat
    ? { ok: 'Beat updated successfully!', failed: 'Failed to update beat' }
    : { ok: 'Beat created successfully!', failed: 'Failed to create beat' };

  const save = useMutation({
    mutationFn: (input: BeatInput) => (beat ? updateBeat(beat.id, input) : createBeat(input)),
    onSuccess: async () => {
      toast({ title: notices.ok, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: beatsQuery().queryKey });
      onDone();
    },
    onError: (error) => showSaveFailure(error, notices.failed, formRef.current, setErrors),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(createBeatSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    save.mutate({ name: result.data.name, description: result.data.description ?? '' });
  };

  return (
    <form ref={formRef} className="dialog-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Beat Name"
        name="name"
        required
        maxLength={100}
        placeholder="e.g. City Hall"
        value={values.name}
        error={errors.name || undefined}
        onChange={(event) => {
          setValues((current) => ({ ...current, name: event.target.value }));
          setErrors((current) => ({ ...current, name: '' }));
        }}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        placeholder="What this beat covers"
        value={values.description}
        error={errors.description || undefined}
        onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
      />
      <FormActions onCancel={onDone} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : beat ? 'Save Beat' : 'Create Beat'}
      </FormActions>
    </form>
  );
}
