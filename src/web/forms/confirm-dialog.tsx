import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something destructive; Cancel is focused first so Enter never destroys by accident. */
export function ConfirmDialog({ open, title, description, confirmLabel, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-danger" disabled={pending} onClick={onConfirm}>
          {pending ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
