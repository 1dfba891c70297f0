import type { ReactNode } from 'react';
import { useKitStyles } from '../kit-styles';

export function VisuallyHidden({ children }: { children: ReactNode }) {
  useKitStyles();
  return <span className="atr-visually-hidden">{children}</span>;
}
