import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { TextField } from '../forms/form-field.tsx';
import { AuthSubmit } from './auth-submit.tsx';
import type { LoginAnswer, SecondStepNeeded } from './sign-in.ts';
import { useSecondStep } from './sign-in.ts';

/**
 * The sign-in's second step (docs/product/screens.md#login): the code from the authenticator app, or
 * a recovery code; or the account's passkey. `onRestart` goes back to the password when the step expired.
 */
export function SecondStepForm({
  step,
  onSignedIn,
  onRestart,
  onPasskey,
  passkeyPending,
}: {
  step: SecondStepNeeded;
  onSignedIn: (answer: LoginAnswer) => void;
  onRestart: (message: string) => void;
  onPasskey: () => void;
  passkeyPending: boolean;
}) {
  const verify = useSecondStep();
  const hasTotp = step.methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasTotp);
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your app');
    setError(undefined);
    setFailure(null);
    verify.mutate(
      { challenge: step.challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (failed) => {
          const body = failed instanceof ApiError ? (failed.body as { error?: { restart?: boolean } } | null) : null;
          const message =
            failed instanceof ApiError
              ? (failed.serverMessage ?? 'The code was not accepted.')
              : 'Could not reach the newsroom. Check your connection and try again.';
          if (body?.error?.restart) onRestart(message);
          else setFailure(message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="form" aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="auth-step-title">
        Two-step verification
      </h2>
      {step.methods.includes('totp') || step.methods.includes('recovery') ? (
        <>
          <p className="auth-subtitle">
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
              : 'Enter the 6-digit code your authenticator app shows for The Newsroom.'}
          </p>
          <TextField
            key={recovery ? 'recovery' : 'totp'}
            label={recovery ? 'Recovery code' : 'Authentication code'}
            name="code"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            error={error}
          />
          <AuthSubmit failure={failure} pending={verify.isPending} label="Verify" pendingLabel="Verifying..." />
          {hasTotp && step.methods.includes('recovery') ? (
            <button type="button" className="link-button" onClick={() => setRecovery((on) => !on)}>
              {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
            </button>
          ) : null}
        </>
      ) : null}
      {step.methods.includes('passkey') ? (
        <button type="button" className="button button-secondary button-block" onClick={onPasskey} disabled={passkeyPending}>
          {passkeyPending ? 'Waiting for your passkey...' : 'Use your passkey'}
        </button>
      ) : null}
      <button type="button" className="link-button" onClick={() => onRestart('')}>
        Back to the password
      </button>
    </form>
  );
}
