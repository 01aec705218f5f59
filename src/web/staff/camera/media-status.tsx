/** The camera panels' live status line and, when something went wrong, what to do about it. */
export function MediaStatus({ status, problem }: { status: string; problem: string | null }) {
  return (
    <>
      <p className="media-status" role="status">
        {status}
      </p>
      {problem ? (
        <div className="notice notice-danger" role="alert">
          <p>{problem}</p>
        </div>
      ) : null}
    </>
  );
}
