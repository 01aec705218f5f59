import type { ZodType, output } from 'zod';

export type FieldErrors = Record<string, string>;

export type FormResult<S extends ZodType> = { ok: true; data: output<S> } | { ok: false; errors: FieldErrors };

/** Checks form values with a shared schema; the first message per field, keyed by the field's path. */
export function validateForm<S extends ZodType>(schema: S, values: unknown): FormResult<S> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Moves focus to the first control of the form that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
