import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';
import { Dialog } from '../../forms/dialog.tsx';

/**
 * Unsaved changes stop the reporter from leaving by accident: in-app navigation asks first, and
 * closing or reloading the tab triggers the browser's own warning. `allowNextLeave()` lets a
 * deliberate exit (after a save) through.
 */
export function useLeaveGuard(dirty: boolean, onDiscard: () => void) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !allowed.current,
    enableBeforeUnload: () => dirtyRef.current && !allowed.current,
    withResolver: true,
  });

  const dialog = (
    <Dialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      description="Your changes to this story have not been saved. If you leave now they will be lost."
    >
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" autoFocus onClick={() => blocker.reset?.()}>
          Keep editing
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
        >
          Discard changes
        </button>
      </div>
    </Dialog>
  );

  return {
    dialog,
    allowNextLeave: () => {
      allowed.current = true;
    },
  };
}
