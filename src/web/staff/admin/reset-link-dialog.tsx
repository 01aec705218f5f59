import { useState } from 'react';
import type { User } from '../../../domain/users/entities.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { CheckboxField } from '../../forms/form-field.tsx';
import { Dialog } from '../../forms/dialog.tsx';
import { makeResetLink } from '../security/security-api.ts';
import { useSecurityChange } from '../security/use-security-change.ts';

/** An admin makes a one-time password reset link for a user and hands it over by any channel. */
export function ResetLinkDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [clearTwoFactor, setClearTwoFactor] = useState(false);
  const [link, setLink] = useState<{ resetUrl: string; expiresAt: string } | null>(null);
  const make = useSecurityChange(
    (input: { id: number; clear: boolean }) => makeResetLink(input.id, input.clear),
    { done: 'Reset link made', failed: 'Could not make a reset link' },
    [],
    setLink,
  );
  const close = () => {
    setLink(null);
    setClearTwoFactor(false);
    onClose();
  };
  return (
    <Dialog
      open={user !== null}
      onClose={close}
      title={user ? `Reset the password of ${user.username}` : 'Reset password'}
      description="A one-time link, valid for 24 hours, that lets them choose a new password. Making it signs them out everywhere."
    >
      {link ? (
        <div className="form">
          <p className="reset-link" aria-label="Reset link">
            {link.resetUrl}
          </p>
          <p className="small muted">
            Works once, until {formatFullDate(link.expiresAt)}. Send it privately: anyone with it can set the password.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => void navigator.clipboard?.writeText(link.resetUrl)}>
              Copy link
            </button>
            <button type="button" className="button button-primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="form">
          <CheckboxField
            label="Also remove their authenticator app and passkeys (they lost their device)"
            checked={clearTwoFactor}
            onChange={(event) => setClearTwoFactor(event.target.checked)}
          />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={make.isPending}
              onClick={() => user && make.mutate({ id: user.id, clear: clearTwoFactor })}
            >
              {make.isPending ? 'Making...' : 'Make reset link'}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
