import type { Dispatch, ReactNode, RefObject, SetStateAction } from 'react';
import { Button } from '@atrium/ui';

interface TopBarToggleProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The id of the panel it opens and closes. */
  panelId: string;
  children: ReactNode;
}

/** The top bar's disclosure button (the mobile menu's, the user menu's): it says whether its panel is open. */
export function TopBarToggle({ buttonRef, open, setOpen, panelId, children }: TopBarToggleProps) {
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      className="atrium-topbar__button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((value) => !value)}
    >
      {children}
    </Button>
  );
}
