import type { InputHTMLAttributes } from 'react';

/** Props of {@link PlainField}. */
export interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | null;
  extra?: string;
  /** Something beside the input (the captcha picture). */
  addon?: React.ReactNode;
}

/** A labelled input with its error, in plain HTML (the login page loads no antd). */
export function PlainField({ id, label, error, extra, addon, ...input }: PlainFieldProps) {
  return (
    <div className={`plain-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="plain-field-row">
        <input
          id={id}
          className="plain-input"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <div id={`${id}-error`} className="plain-error" role="alert">
          {error}
        </div>
      ) : (
        extra && <div className="plain-extra">{extra}</div>
      )}
    </div>
  );
}
