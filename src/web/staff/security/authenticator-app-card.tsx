import { useState, type FormEvent } from 'react';
import { TextField } from '../../forms/form-field.tsx';
import { confirmTotp, removeTotp, secondFactorQuery, sessionsQuery, startTotpSetup, type SecondFactorState } from './security-api.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { QrCode } from './qr-code.tsx';
import { useSecurityChange } from './use-security-change.ts';

type Setup = { secret: string; otpauthUrl: string };

/** The authenticator app (TOTP): set up from a QR code or its secret, confirmed by a code; recovery codes shown once; turned off with the password. */
export function AuthenticatorAppCard({ state }: { state: SecondFactorState }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const start = useSecurityChange(
    startTotpSetup,
    { done: 'Scan the code with your app', failed: 'Could not start the setup' },
    [],
    (started) => {
      setSettingUp(false);
      setSetup(started);
    },
  );
  const confirm = useSecurityChange(
    confirmTotp,
    { done: 'Authenticator app turned on; your other sessions were signed out', failed: 'The code was not accepted' },
    [secondFactorQuery().queryKey, sessionsQuery().queryKey],
    ({ recoveryCodes }) => {
      setSetup(null);
      setCodes(recoveryCodes);
    },
  );
  const off = useSecurityChange(removeTotp, { done: 'Authenticator app turned off', failed: 'Could not turn it off' }, undefined, () =>
    setTurningOff(false),
  );

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) return setCodeError('Enter the 6-digit code your app shows');
    setCodeError(undefined);
    confirm.mutate(code);
  };

  return (
    <section className="card security-card" aria-labelledby="totp-title">
      <h2 className="card-title" id="totp-title">
        Authenticator app {state.totp ? <span className="badge badge-active">On</span> : null}
      </h2>
      <p className="muted small">
        A 6-digit code from an app such as 1Password, Google Authenticator or Authy, asked for after your password.
      </p>
      {codes ? (
        <div className="recovery-codes" role="region" aria-label="Recovery codes">
          <p>
            <strong>Save these recovery codes now.</strong> Each one signs you in once if you lose your phone. They will not be shown again.
          </p>
          <ul>
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
          >
            Copy codes
          </button>{' '}
          <button type="button" className="button button-primary button-small" onClick={() => setCodes(null)}>
            I have saved them
          </button>
        </div>
      ) : state.totp ? (
        <>
          <p>{state.recoveryCodesLeft} of 10 recovery codes left.</p>
          <button type="button" className="button button-secondary button-small" onClick={() => setTurningOff(true)}>
            Turn off
          </button>
        </>
      ) : setup ? (
        <form className="form totp-setup" onSubmit={submitCode} noValidate>
          <QrCode value={setup.otpauthUrl} label="QR code for your authenticator app" />
          <p className="small">
            Scan it with your app, or type this key: <code className="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeError}
            autoFocus
          />
          <div className="form-row">
            <button type="submit" className="button button-primary" disabled={confirm.isPending}>
              {confirm.isPending ? 'Checking...' : 'Turn on'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setSetup(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button-primary button-small" onClick={() => setSettingUp(true)} disabled={start.isPending}>
          Set up an authenticator app
        </button>
      )}
      <PasswordDialog
        open={settingUp}
        title="Set up an authenticator app"
        description="Enter your password first. Once the app is on, your other sessions are signed out and need its codes."
        confirmLabel="Continue"
        tone="primary"
        pending={start.isPending}
        onConfirm={(password) => start.mutate(password)}
        onCancel={() => setSettingUp(false)}
      />
      <PasswordDialog
        open={turningOff}
        title="Turn off the authenticator app?"
        description="Signing in will no longer ask for its codes, and your recovery codes stop working."
        confirmLabel="Turn off"
        pending={off.isPending}
        onConfirm={(password) => off.mutate(password)}
        onCancel={() => setTurningOff(false)}
      />
    </section>
  );
}
