import { useEffect, useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap } from 'focus-trap';
import type { FocusTrap } from 'focus-trap';
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
  /** Element that receives focus when the dialog opens; the first tabbable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** When false, neither Escape nor the backdrop closes the dialog (a choice is required). */
  dismissible?: boolean;
  className?: string;
}

/**
 * A modal dialog: focus is trapped inside while it is open (focus-trap), Escape closes it, and focus
 * returns to the element that opened it. Rendered into document.body so a parcel's overflow or stacking
 * context cannot clip it.
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
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    let trap: FocusTrap | undefined = createFocusTrap(panel, {
      initialFocus: () => initialFocus?.current ?? undefined,
      fallbackFocus: panel,
      escapeDeactivates: () => {
        if (dismissible) onCloseRef.current();
        return false;
      },
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      // happy-dom and some embedding pages have no layout: do not hide "invisible" nodes from the trap.
      tabbableOptions: { displayCheck: 'none' },
    });
    trap.activate();
    return () => {
      trap?.deactivate();
      trap = undefined;
    };
  }, [dismissible, initialFocus]);

  return createPortal(
    <div
      className="atr-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className={className ? `atr-dialog ${className}` : 'atr-dialog'}
      >
        <h2 id={titleId} className="atr-dialog__title">
          {title}
        </h2>
        {children ? <div id={bodyId}>{children}</div> : null}
        {actions ? <div className="atr-dialog__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
