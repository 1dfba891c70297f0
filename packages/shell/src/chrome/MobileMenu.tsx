import { memo, useCallback, useId, useRef, useState } from 'react';
import { NavList } from './NavList';
import type { NavSection } from './nav-items';
import { TopBarToggle } from './TopBarToggle';
import { usePopoverDismiss } from './use-popover-dismiss';

/**
 * The narrow-screen menu: a disclosure button in the top bar and the same links as the side navigation.
 * Escape closes it and gives focus back to the button; choosing a link closes it.
 */
export const MobileMenu = memo(function MobileMenu({
  sections,
  currentPath,
}: {
  sections: NavSection[];
  currentPath: string;
}) {
  const [open, setOpen] = useState(false);
  // Stable, so the memoised links of the panel skip a navigation that does not concern them.
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  usePopoverDismiss(open, close, buttonRef);

  if (sections.length === 0) return null;
  return (
    <div className="atrium-mobilemenu">
      <TopBarToggle buttonRef={buttonRef} open={open} setOpen={setOpen} panelId={panelId}>
        Menu
      </TopBarToggle>
      <nav id={panelId} className="atrium-mobilemenu__panel" aria-label="Mobile" hidden={!open}>
        <NavList sections={sections} currentPath={currentPath} onNavigate={close} />
      </nav>
    </div>
  );
});
