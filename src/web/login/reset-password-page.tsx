import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { passwordResetSchema } from '../../domain/security/schemas.ts';
import { ApiError, apiRequest } from '../api/client.ts';
import { staffPaths } from '../auth/staff-paths.ts';
import { TextField } from '../forms/form-field.tsx';
import { HrefLink } from '../ui/href-link.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { AuthSubmit } from './auth-submit.tsx';

/** The token of the link that opened the page: in the fragment (#token=...), which never reaches a server or a Referer. */
function tokenFromLocation(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

/** /reset-password: a person with an admin's reset link chooses a new password (docs/product/screens.md#reset-password). */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [token] = useState(tokenFromLocation);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) => apiRequest('POST', '/api/auth/password-reset', input, { token: null }),
    onError: (error) =>
      setFailure(
        error instanceof ApiError
          ? (error.serverMessage ?? 'The password could not be set.')
          : 'Could not reach the newsroom. Check your connection and try again.',
      ),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) return setErrors({ confirm: 'The two passwords are not the same' });
    const parsed = passwordResetSchema.safeParse({ token, password });
    if (!parsed.success)
      return setErrors({
        password: parsed.error.issues.find((issue) => issue.path[0] === 'password')?.message ?? 'Choose another password',
      });
    setErrors({});
    setFailure(null);
    reset.mutate(parsed.data);
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">New password</h1>
        {!token ? (
          <p className="auth-subtitle">
            This page needs the reset link your newsroom’s administrator gave you. Ask them for one, and open it here.
          </p>
        ) : reset.isSuccess ? (
          <>
            <p className="auth-subtitle" role="status">
              Your new password is set, and you are signed out everywhere. Sign in with it now.
            </p>
            <HrefLink href={staffPaths.login} className="button button-primary button-block">
              Go to Login
            </HrefLink>
          </>
        ) : (
          <>
            <p className="auth-subtitle">Choose a new password for your newsroom account. The link works once.</p>
            <form onSubmit={submit} noValidate className="form">
              <TextField
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={6}
                hint="At least 6 characters."
                error={errors.password}
              />
              <TextField
                label="Repeat the new password"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                error={errors.confirm}
              />
              <AuthSubmit failure={failure} pending={reset.isPending} label="Set new password" pendingLabel="Setting..." />
            </form>
          </>
        )}
      </div>
    </div>
  );
}
