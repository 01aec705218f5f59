import type { ReactNode } from 'react';

/** A button of the caption desk that is disabled and says it is busy while its request is out. */
export function BusyButton({
  pending,
  className,
  onClick,
  children,
}: {
  pending: boolean;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={pending} aria-busy={pending} onClick={onClick}>
      {children}
    </button>
  );
}
