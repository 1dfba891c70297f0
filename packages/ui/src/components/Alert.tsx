import type { ReactNode } from 'react';
import { useKitStyles } from '../kit-styles';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * 'assertive' (role=alert) interrupts a screen reader: use it for errors the user must act on;
   * 'polite' (role=status) waits its turn.
   */
  live?: 'assertive' | 'polite' | 'off';
  className?: string;
}

export function Alert({ tone = 'info', title, children, live = 'polite', className }: AlertProps) {
  useKitStyles();
  const role = live === 'assertive' ? 'alert' : live === 'polite' ? 'status' : undefined;
  const classes = `atr-alert atr-alert--${tone}${className ? ` ${className}` : ''}`;
  return (
    <div role={role} className={classes}>
      {title ? <p className="atr-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}
