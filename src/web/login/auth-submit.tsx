/** The end of a sign-in screen's form: the failure line (a live region) and the full-width submit button. */
export function AuthSubmit({
  failure,
  pending,
  label,
  pendingLabel,
}: {
  failure: string | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      <p className="form-failure" role="alert">
        {failure ?? ''}
      </p>
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}
