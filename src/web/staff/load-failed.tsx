/** A query that failed: "<what> could not be loaded." and a Try again button. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <p className="muted small" role="alert">
      {what} could not be loaded.{' '}
      <button type="button" className="link-button" onClick={retry}>
        Try again
      </button>
    </p>
  );
}
