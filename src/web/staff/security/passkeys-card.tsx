import { useState, type FormEvent } from 'react';
import type { PasskeySummary } from '../../../domain/security/ports.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { TextField } from '../../forms/form-field.tsx';
import { passkeyHostProblem } from '../../login/sign-in.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { addPasskey, removePasskey, renamePasskey, secondFactorQuery, sessionsQuery, type SecondFactorState } from './security-api.ts';
import { useSecurityChange } from './use-security-change.ts';

/** Passkeys: add (named), rename, remove. A passkey signs in on its own, with no password. */
export function PasskeysCard({ state }: { state: SecondFactorState }) {
  const [name, setName] = useState('');
  const [toRemove, setToRemove] = useState<PasskeySummary | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const add = useSecurityChange(
    addPasskey,
    { done: 'Passkey added; your other sessions were signed out', failed: 'The passkey was not added' },
    [secondFactorQuery().queryKey, sessionsQuery().queryKey],
    () => {
      setAdding(false);
      setName('');
    },
  );
  const remove = useSecurityChange(removePasskey, { done: 'Passkey removed', failed: 'Could not remove the passkey' }, undefined, () =>
    setToRemove(null),
  );
  const rename = useSecurityChange(
    (input: { id: number; name: string }) => renamePasskey(input.id, input.name),
    { done: 'Passkey renamed', failed: 'Could not rename it' },
    undefined,
    () => setRenaming(null),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hostProblem = passkeyHostProblem(window.location);
    setProblem(hostProblem);
    if (!hostProblem) setAdding(true);
  };

  return (
    <section className="card security-card" aria-labelledby="passkeys-title">
      <h2 className="card-title" id="passkeys-title">
        Passkeys
      </h2>
      <p className="muted small">
        Sign in with your fingerprint, face or device PIN instead of a password and code. Phishing sites cannot use them.
      </p>
      {state.passkeys.length > 0 ? (
        <ul className="security-list">
          {state.passkeys.map((passkey) => (
            <li key={passkey.id}>
              {renaming === passkey.id ? (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    rename.mutate({ id: passkey.id, name: String(new FormData(event.currentTarget).get('name') ?? '') });
                  }}
                >
                  <TextField label="New name" name="name" defaultValue={passkey.name} maxLength={100} autoFocus />
                  <button type="submit" className="button button-primary button-small">
                    Save
                  </button>
                </form>
              ) : (
                <div>
                  <strong>{passkey.name}</strong>
                  <p className="muted small">
                    Added {formatFullDate(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `last used ${formatFullDate(passkey.lastUsedAt)}` : 'not used yet'}
                  </p>
                </div>
              )}
              <div className="person-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Rename ${passkey.name}`}
                  onClick={() => setRenaming(passkey.id)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setToRemove(passkey)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="inline-form" onSubmit={submit}>
        <TextField
          label="Passkey name"
          name="passkey-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Work laptop"
          maxLength={100}
        />
        <button type="submit" className="button button-primary button-small" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
        </button>
      </form>
      {problem ? (
        <p className="form-failure" role="alert">
          {problem}
        </p>
      ) : null}
      <PasswordDialog
        open={adding}
        title="Add a passkey"
        description="Enter your password first; then your device asks for your fingerprint, face or PIN. Your other sessions are signed out once it is added."
        confirmLabel="Continue"
        tone="primary"
        pending={add.isPending}
        onCancel={() => setAdding(false)}
        onConfirm={(password) => add.mutate({ name: name.trim() || 'Passkey', password })}
      />
      <PasswordDialog
        open={toRemove !== null}
        title={toRemove ? `Remove ${toRemove.name}?` : 'Remove passkey?'}
        description="It will no longer sign you in. Remove it from your device's password manager too."
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={(password) => toRemove && remove.mutate({ id: toRemove.id, password })}
      />
    </section>
  );
}
