import { useInsertionEffect } from 'react';
import { adoptStyles } from './styles';

/** Adopts each stylesheet while the calling component is mounted. */
export function useStyles(...cssTexts: string[]): void {
  const key = cssTexts.join('\n/* -- */\n');
  useInsertionEffect(() => {
    const releases = cssTexts.map((css) => adoptStyles(css));
    return () => releases.forEach((release) => release());
    // The joined key captures every text; the array identity changes on each render.
  }, [key]);
}
