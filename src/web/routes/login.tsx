import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { loginSchema } from '../../domain/security/schemas.ts';
import { ApiError, apiRequest } from '../api/client.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import {
  needsSecondStep,
  passkeyHostProblem,
  useLogin,
  usePasskeyLogin,
  type LoginAnswer,
  type SecondStepNeeded,
} from '../login/sign-in.ts';
import { SecondStepForm } from '../login/second-step-form.tsx';
import { AuthSubmit } from '../login/auth-submit.tsx';
import { homeFor } from '../auth/staff-paths.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { CheckboxField, TextField } from '../forms/form-field.tsx';
import { focusFirstError, validateForm, type FieldErrors } from '../forms/validate-form.ts';
import { toast } from '../ui/toast/toast-store.ts';

/** docs/product/rules.md#limits-and-constants: about 100 ms between the success notice and the move. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export const Route = createFileRoute('/login')({
  // docs/product/screens.md: someone already signed in goes straight to their screen.
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (user) throw redirect({ href: homeFor(user), replace: true });
  },
  component: LoginPage,
});

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.serverMessage ?? 'Too many failed sign-in attempts. Try again later.';
  if (error instanceof ApiError && error.status >= 500) return 'The newsroom could not sign you in right now. Please try again.';
  if (error instanceof ApiError) return 'Invalid email or password';
  return 'Could not reach the newsroom. Check your connection and try again.';
}

/** A passkey prompt the person closed, or that found no passkey, is not an error worth more than a line. */
function passkeyFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'That passkey could not sign you in.';
  if (error instanceof Error && error.name === 'NotAllowedError') return 'No passkey was used. Try again, or sign in with your password.';
  return 'Passkeys are not available in this browser. Sign in with your password.';
}

function LoginPage() {
  useDocumentTitle('Reporter Login');
  const router = useRouter();
  const login = useLogin();
  const passkey = usePasskeyLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [showReset, setShowReset] = useState(false);
  const [resetSaid, setResetSaid] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStepNeeded | null>(null);

  const signedIn = ({ user }: LoginAnswer) => {
    toast({ title: 'Logged in successfully!', description: `Welcome back, ${user.username}.`, variant: 'success' });
    setTimeout(() => void router.navigate({ href: homeFor(user), replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const signInWithPasskey = () => {
    setFailure(null);
    const hostProblem = passkeyHostProblem(window.location);
    if (hostProblem) return setFailure(hostProblem);
    passkey.mutate(undefined, { onSuccess: signedIn, onError: (error) => setFailure(passkeyFailure(error)) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = validateForm(loginSchema, {
      emailOrUsername: String(form.get('emailOrUsername') ?? ''),
      password: String(form.get('password') ?? ''),
      remember: form.get('remember') === 'on',
    });
    setFailure(null);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess: (answer) => {
        if (needsSecondStep(answer)) setSecondStep(answer);
        else signedIn(answer);
      },
      onError: (error) => {
        const message = failureMessage(error);
        setFailure(message);
        toast({ title: message, variant: 'destructive' });
      },
    });
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Reporter Login</h1>
        <p className="auth-subtitle">Sign in to access your reporter dashboard</p>
        {secondStep ? (
          <SecondStepForm
            step={secondStep}
            onSignedIn={signedIn}
            onRestart={(message) => {
              setSecondStep(null);
              setFailure(message || null);
            }}
            onPasskey={signInWithPasskey}
            passkeyPending={passkey.isPending}
          />
        ) : null}
        {secondStep && failure ? (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        ) : null}
        <form ref={formRef} onSubmit={onSubmit} noValidate className="form" hidden={secondStep !== null}>
          <TextField
            label="Email or Username"
            name="emailOrUsername"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.emailOrUsername}
            onChange={() => errors.emailOrUsername && setErrors(({ emailOrUsername: _, ...rest }) => rest)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            minLength={6}
            error={errors.password}
            onChange={() => errors.password && setErrors(({ password: _, ...rest }) => rest)}
          />
          <div className="auth-options">
            <CheckboxField label="Remember me" name="remember" defaultChecked />
            <button
              type="button"
              className="link-button"
              aria-expanded={showReset}
              aria-controls="password-reset-help"
              onClick={() => setShowReset((open) => !open)}
            >
              Forgot password?
            </button>
          </div>
          <div id="password-reset-help" className="auth-help" hidden={!showReset}>
            <p>
              Ask your newsroom’s administrator for a password reset link. It works once, for 24 hours: open it, choose a new password, then
              sign in with it here.
            </p>
            <p>
              Or have one mailed to your account’s address:{' '}
              <button type="button" className="link-button" onClick={(event) => requestResetLink(event.currentTarget.form, setResetSaid)}>
                Email me a reset link
              </button>
            </p>
            <p role="status" aria-live="polite">
              {resetSaid}
            </p>
          </div>
          <AuthSubmit failure={failure} pending={login.isPending} label="Sign In" pendingLabel="Signing in..." />
          <p className="auth-divider" aria-hidden="true">
            <span>or</span>
          </p>
          <button type="button" className="button button-secondary button-block" onClick={signInWithPasskey} disabled={passkey.isPending}>
            {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
          </button>
        </form>
        <p className="auth-footnote">Don't have access? Contact your administrator.</p>
      </div>
    </div>
  );
}

/** "Email me a reset link": asks for a link for what is typed in Email or Username; the answer is the same whether the account exists. */
function requestResetLink(form: HTMLFormElement | null, say: (text: string) => void): void {
  const emailOrUsername = String(new FormData(form ?? undefined).get('emailOrUsername') ?? '').trim();
  if (!emailOrUsername) return say('Type your email or username above first.');
  say('Sending…');
  apiRequest('POST', '/api/auth/password-reset/request', { emailOrUsername }).then(
    () => say('If that is a staff account, a reset link is on its way to its address. It works once, for 24 hours.'),
    (error: unknown) =>
      say(error instanceof ApiError && error.status === 429 ? 'Too many tries. Try again later.' : 'The request failed. Try again.'),
  );
}
