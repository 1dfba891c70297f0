import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useKitStyles } from '../kit-styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the input and linked with aria-describedby. */
  hint?: ReactNode;
  /** When set the input is marked invalid and the text is announced with the field. */
  error?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are wired to it for assistive technology. */
export function TextField({ label, hint, error, id, ref, className, ...inputProps }: TextFieldProps) {
  useKitStyles();
  const autoId = useId();
  const inputId = id ?? `atr-field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `atr-field ${className}` : 'atr-field'}>
      <label className="atr-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="atr-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <div id={hintId} className="atr-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="atr-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
