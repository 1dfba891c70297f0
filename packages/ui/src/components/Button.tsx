import type { ButtonHTMLAttributes, Ref } from 'react';
import { useKitStyles } from '../kit-styles';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/** A button that defaults to type="button", so it never submits a form by accident. */
export function Button({ variant = 'secondary', className, type = 'button', ref, ...rest }: ButtonProps) {
  useKitStyles();
  const base = variant === 'link' ? 'atr-link' : `atr-btn atr-btn--${variant}`;
  return <button ref={ref} type={type} className={className ? `${base} ${className}` : base} {...rest} />;
}
