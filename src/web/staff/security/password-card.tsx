import { useState, type FormEvent } from 'react';
import { passwordChangeSchema } from '../../../domain/security/schemas.ts';
import { TextField } from '../../forms/form-field.tsx';
import { changePassword, sessionsQuery } from './security-api.ts';
import { useSecurityChange } from './use-security-change.ts';

/** Changing one's password: the current one first; every other session ends. */
export function PasswordCard() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const change = useSecurityChange(
    changePassword,
    { done: 'Password changed; your other sessions are signed out', failed: 'The password was not changed' },
    [sessionsQuery().queryKey],
    () => setFormKey((key) => key + 1),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
    });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    setErrors({});
    change.mutate(parsed.data);
  };
  return (
    <section className="card security-card" aria-labelledby="password-title">
      <h2 className="card-title" id="password-title">
        Password
      </h2>
      <form key={formKey} className="form" onSubmit={submit} noValidate>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters. Your other sessions are signed out."
          error={errors.newPassword}
        />
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
