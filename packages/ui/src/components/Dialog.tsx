import { useEffect, useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useKitStyles } from '../kit-styles';

export interface DialogProps {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown in the footer, in reading order. */
  actions?: ReactNode;
  /** Called on Escape and on a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void;
  /** 'alertdialog' for confirmations that interrupt the user's task. */
  role?: 'dialog' | 'alertdialog';
  /** Element that receives focus when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** When false, neither Escape nor the backdrop closes the dialog (a choice is required). */
  dismissible?: boolean;
  className?: string;
}

/**
 * A modal dialog on the platform's own modal `<dialog>`: `showModal()` puts it in the top layer and makes
 * the rest of the page inert, which is a focus trap the browser enforces (no library, no bytes on the login
 * page's budget). Escape arrives as a `cancel` event; focus goes back to the element that was focused
 * before the dialog opened.
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
  role = 'dialog',
  initialFocus,
  dismissible = true,
  className,
}: DialogProps) {
  useKitStyles();
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target = initialFocus?.current ?? firstFocusable(dialog) ?? dialog;
    target.focus();
    const onCancel = (event: Event) => {
      // Escape: never let the browser close the element behind React's back; the owner decides.
      event.preventDefault();
      if (dismissibleRef.current) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className={className ? `atr-dialog ${className}` : 'atr-dialog'}
      onKeyDown={(event) => {
        // Engines without a native `cancel` on Escape (test DOMs, old browsers) still close the dialog.
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          if (dismissibleRef.current) onCloseRef.current();
        }
      }}
      onMouseDown={(event) => {
        // A press on the ::backdrop targets the dialog element itself, outside its content box.
        if (!dismissibleRef.current || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside && box.width > 0) onCloseRef.current();
      }}
    >
      <h2 id={titleId} className="atr-dialog__title">
        {title}
      </h2>
      {children ? <div id={bodyId}>{children}</div> : null}
      {actions ? <div className="atr-dialog__actions">{actions}</div> : null}
    </dialog>
  );
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function firstFocusable(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>(FOCUSABLE);
}
