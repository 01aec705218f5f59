import { ApiError } from '../api/client.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { focusFirstError, type FieldErrors } from './validate-form.ts';

/** A form's save failed: the server's field errors go on the form (focus on the first), its message into the toast. */
export function showSaveFailure(
  error: unknown,
  title: string,
  form: HTMLFormElement | null,
  setErrors: (errors: FieldErrors) => void,
): void {
  const fields = error instanceof ApiError ? error.fields : {};
  if (Object.keys(fields).length > 0) {
    setErrors(fields);
    focusFirstError(form, fields);
  }
  const detail = error instanceof ApiError ? error.serverMessage : null;
  toast({ title, description: detail ?? undefined, variant: 'destructive' });
}
