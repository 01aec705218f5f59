import {
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** The ids and ARIA a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced politely when it appears or changes. */
  error?: string;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactElement;
}

/** Label, control, hint and error, wired together for assistive technology. */
export function Field({ label, hint, error, id, className, children }: FieldFrameProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string };

export function TextField({ label, hint, error, id, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input className="input" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, id, className, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea className="input" {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField({ label, hint, error, id, className, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select className="input" {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label after it. */
export function CheckboxField({
  label,
  id,
  className,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={className ? `checkbox-field ${className}` : 'checkbox-field'}>
      <input type="checkbox" id={controlId} {...input} />
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}
