import { Dialog } from '../../forms/dialog.tsx';
import { TextField } from '../../forms/form-field.tsx';

/** Asks for the password before a security change (adding or removing a factor, decision 050). */
export function PasswordDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** A removal is `danger`; an addition `primary`. */
  tone?: 'danger' | 'primary';
  pending: boolean;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(String(new FormData(event.currentTarget).get('password') ?? ''));
        }}
      >
        <TextField label="Your password" name="password" type="password" autoComplete="current-password" required />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={`button button-${tone}`} disabled={pending}>
            {pending ? 'Working...' : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
