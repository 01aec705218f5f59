import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../../domain/roles.ts';
import { registerSchema } from '../../../domain/users/schemas.ts';
import { dashboardFiguresQuery } from '../figures-queries.ts';
import { registerUser, usersQuery, type NewUserInput } from './users-api.ts';
import { Dialog } from '../../forms/dialog.tsx';
import { SelectField, TextField } from '../../forms/form-field.tsx';
import { focusFirstError, validateForm, type FieldErrors } from '../../forms/validate-form.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { showSaveFailure } from '../../forms/save-failure.ts';

const ROLE_LABELS: Record<Role, string> = { reporter: 'Reporter', admin: 'Admin' };
const EMPTY: NewUserInput = { username: '', email: '', password: '', role: 'reporter', firstName: '', lastName: '' };

/** "Add Reporter": first and last name (their byline), username, email, password and role (reporter by default, or admin). */
export function AddReporterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add Reporter"
      description="Create a staff account. Share the password with them privately."
    >
      <AddReporterForm onDone={onClose} />
    </Dialog>
  );
}

function AddReporterForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NewUserInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useMutation({
    mutationFn: registerUser,
    onSuccess: async () => {
      toast({ title: 'User created successfully!', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardFiguresQuery().queryKey }),
      ]);
      onDone();
    },
    onError: (error) => showSaveFailure(error, 'Failed to create user', formRef.current, setErrors),
  });

  const set = (field: keyof NewUserInput, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: '' }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(registerSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    const { username, email, password, role, firstName, lastName } = result.data;
    create.mutate({ username, email, password, role, firstName: firstName ?? '', lastName: lastName ?? '' });
  };

  return (
    <form ref={formRef} className="dialog-form" noValidate onSubmit={onSubmit}>
      <div className="field-pair">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="off"
          maxLength={50}
          value={values.firstName}
          error={errors.firstName || undefined}
          onChange={(event) => set('firstName', event.target.value)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="off"
          maxLength={50}
          value={values.lastName}
          error={errors.lastName || undefined}
          onChange={(event) => set('lastName', event.target.value)}
        />
      </div>
      <p className="field-hint">Stories are signed with the first and last name; without both, with the username.</p>
      <TextField
        label="Username"
        name="username"
        autoComplete="off"
        required
        maxLength={50}
        value={values.username}
        error={errors.username || undefined}
        onChange={(event) => set('username', event.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        maxLength={100}
        value={values.email}
        error={errors.email || undefined}
        onChange={(event) => set('email', event.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="At least 6 characters."
        value={values.password}
        error={errors.password || undefined}
        onChange={(event) => set('password', event.target.value)}
      />
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        error={errors.role || undefined}
        onChange={(event) => set('role', event.target.value)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <FormActions onCancel={onDone} disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create User'}
      </FormActions>
    </form>
  );
}
