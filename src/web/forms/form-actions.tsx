import type { ReactNode } from 'react';

/** A form dialog's footer: Cancel, then the submit button (its words as children). */
export function FormActions({ onCancel, disabled, children }: { onCancel: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={disabled}>
        {children}
      </button>
    </div>
  );
}
