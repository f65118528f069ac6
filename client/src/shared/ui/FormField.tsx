import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The server's messages for this field, shown under it as "<errorLabel> <messages>" (GitLab's full messages). */
  errors?: string[];
  /** The field's name in its error line (default: the label). */
  errorLabel?: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
}

/** A labelled text input of the account forms, with its errors tied to it for screen readers. */
export function FormField({ id, label, value, onChange, errors, errorLabel = label, hint, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="input"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {!errors && hint && <p className="field__hint">{hint}</p>}
      {errors && (
        <p className="field-error" id={errorId}>
          {errorLabel} {errors.join(', ')}
        </p>
      )}
    </div>
  );
}
