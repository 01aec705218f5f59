import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { NewsletterAnswer } from '../../../domain/newsletters/answers.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { Dialog } from '../../forms/dialog.tsx';
import { FormActions } from '../../forms/form-actions.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../forms/form-field.tsx';
import { showSaveFailure } from '../../forms/save-failure.ts';
import type { FieldErrors } from '../../forms/validate-form.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { allNewslettersQuery, saveNewsletter, type NewsletterInput } from './newsletter-api.ts';

/** "Add Newsletter" / "Edit Newsletter": name, address (slug), what it is, its beat (or the newsroom's own), sender name, active. */
export function NewsletterDialog({
  open,
  newsletter,
  onClose,
}: {
  open: boolean;
  newsletter: NewsletterAnswer | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={newsletter ? 'Edit Newsletter' : 'Add Newsletter'}
      description={newsletter ? undefined : 'Readers subscribe on the site; a story is sent to its subscribers from the editor.'}
    >
      <NewsletterForm key={newsletter?.id ?? 'new'} newsletter={newsletter} onDone={onClose} />
    </Dialog>
  );
}

function NewsletterForm({ newsletter, onDone }: { newsletter: NewsletterAnswer | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const beats = useQuery(beatsQuery());
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    name: newsletter?.name ?? '',
    slug: newsletter?.slug ?? '',
    description: newsletter?.description ?? '',
    beatId: newsletter?.beat ? String(newsletter.beat.id) : '',
    senderName: newsletter?.senderName ?? '',
    isActive: newsletter?.isActive ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const save = useMutation({
    mutationFn: (input: NewsletterInput) => saveNewsletter(newsletter?.id ?? null, input),
    onSuccess: async () => {
      toast({ title: newsletter ? 'Newsletter updated' : 'Newsletter created', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: allNewslettersQuery().queryKey });
      onDone();
    },
    onError: (error) =>
      showSaveFailure(error, newsletter ? 'Failed to update newsletter' : 'Failed to create newsletter', formRef.current, setErrors),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: 'Name is required' });
      formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
      return;
    }
    save.mutate({
      name: values.name.trim(),
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      description: values.description.trim(),
      beatId: values.beatId ? Number(values.beatId) : null,
      senderName: values.senderName.trim() || null,
      isActive: values.isActive,
    });
  };

  return (
    <form ref={formRef} className="dialog-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Name"
        name="name"
        required
        maxLength={100}
        placeholder="e.g. The Morning Brief"
        value={values.name}
        error={errors.name || undefined}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextField
        label="Address"
        name="slug"
        maxLength={60}
        hint="Lower-case letters, digits and dashes; made from the name when empty."
        value={values.slug}
        error={errors.slug || undefined}
        onChange={(event) => set('slug')(event.target.value)}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={2}
        placeholder="What subscribers get"
        value={values.description}
        error={errors.description || undefined}
        onChange={(event) => set('description')(event.target.value)}
      />
      <SelectField
        label="Beat"
        name="beatId"
        value={values.beatId}
        error={errors.beatId || undefined}
        onChange={(event) => set('beatId')(event.target.value)}
      >
        <option value="">None: the newsroom’s own</option>
        {beats.data?.map((beat) => (
          <option key={beat.id} value={String(beat.id)}>
            {beat.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Sender name"
        name="senderName"
        maxLength={100}
        hint="Shown as the mail’s From name; the newsroom’s name when empty."
        value={values.senderName}
        error={errors.senderName || undefined}
        onChange={(event) => set('senderName')(event.target.value)}
      />
      <CheckboxField
        label="Active (shown to readers)"
        name="isActive"
        checked={values.isActive}
        onChange={(event) => set('isActive')(event.target.checked)}
      />
      <FormActions onCancel={onDone} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : newsletter ? 'Save Newsletter' : 'Create Newsletter'}
      </FormActions>
    </form>
  );
}
