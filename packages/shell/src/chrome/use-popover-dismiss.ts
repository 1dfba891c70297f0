import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * What every popover and disclosure of the shell does while open: Escape closes it and gives focus back to
 * its button; with `container`, a press outside it closes it too. Listeners exist only while it is open.
 */
export function usePopoverDismiss(
  open: boolean,
  close: () => void,
  button: RefObject<HTMLElement | null>,
  container?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (container && !container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    if (container) document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, button, container]);
}
