import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps {
  /** The control's id: the label points at it. */
  id: string;
  label: ReactNode;
  /** The control (an input, a select, an input with a button…). */
  children: ReactNode;
  /** What stands under the control: a hint, what is in force… */
  after?: ReactNode;
  /** A class besides `field`. */
  className?: string;
}

/** A form's field (`.field` in index.css): its label over the control, then what is said about it. */
export function Field({ id, label, children, after, className }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {after}
    </div>
  );
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  /** A refusal about this field: shown under it (`<id>-error`, an alert) and tied to the input. */
  error?: string;
  after?: ReactNode;
}

/** A field whose control is one input; the other props go to the input. */
export function InputField({ id, label, error, after, ...input }: InputFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Field id={id} label={label} after={after}>
      <input id={id} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </Field>
  );
}

/** A form's refusal (nothing while there is none), announced as an alert; `className`: its look, `form-error` unless said. */
export function FormError({ error, className = 'form-error' }: { error: ReactNode; className?: string }) {
  return error ? (
    <p className={className} role="alert">
      {error}
    </p>
  ) : null;
}

/** The answer to a form's last submit: a success or a failure, announced as a status (nothing before one). */
export function FormResult({
  result,
  testId,
  children,
}: {
  result: { ok: boolean; text: string } | null;
  testId?: string;
  /** What follows the text (a link…). */
  children?: ReactNode;
}) {
  if (!result) return null;
  return (
    <p className={result.ok ? 'form-success' : 'form-error'} role="status" data-testid={testId}>
      {result.text}
      {children}
    </p>
  );
}

/** A field whose label holds its input (the label's text in a span): for forms with no ids to tie them. */
export function LabelField({ label, ...input }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} />
    </label>
  );
}
