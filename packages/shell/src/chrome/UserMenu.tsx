import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@atrium/store/react';
import { Button } from '@atrium/ui';
import { displayName } from '@atrium/session';
import { useSis } from '../use-shell-state';
import { useServices } from '../services';
import { startAfterPaint } from '../start-after-paint';
import { unreadBadgeText, unreadLabel } from '../notifications/unread-counter';
import type { UnreadCounterState } from '../notifications/unread-counter';
import { TopBarToggle } from './TopBarToggle';
import { usePopoverDismiss } from './use-popover-dismiss';

const selectCount = (state: UnreadCounterState) => state.count;

/**
 * The user menu: a button that opens a popover with the verbose user info (name, current term) and
 * Log out. Escape or a click outside closes it; focus returns to the button on Escape.
 */
/** Memoised (no props): it reads the session itself, so a navigation has nothing to tell it. */
export const UserMenu = memo(function UserMenu() {
  const sis = useSis();
  const { logout, unread } = useServices();
  const unreadCount = useStore(unread, selectCount);
  // Counted while the menu is on screen (a signed-in user), refreshed each time the tab is visible again.
  const signedIn = sis !== null;
  useEffect(() => (signedIn ? startAfterPaint(() => unread.start()) : undefined), [signedIn, unread]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  usePopoverDismiss(open, close, buttonRef, rootRef);

  if (!sis) return null;
  const name = displayName(sis.user);
  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="atrium-usermenu" ref={rootRef}>
      <TopBarToggle buttonRef={buttonRef} open={open} setOpen={setOpen} panelId={panelId}>
        <span className="atr-visually-hidden">User menu for </span>
        <span className="atrium-usermenu__label">{name}</span>
        {unreadCount !== null && unreadCount > 0 ? (
          <span className="atrium-usermenu__badge">
            <span aria-hidden="true">{unreadBadgeText(unreadCount)}</span>
            <span className="atr-visually-hidden">, {unreadLabel(unreadCount)}</span>
          </span>
        ) : null}
      </TopBarToggle>
      <div id={panelId} className="atrium-usermenu__panel" hidden={!open}>
        <div className="atrium-usermenu__info">
          <p className="atrium-usermenu__name">{name}</p>
          {sis.current_term_name ? (
            <p className="atrium-usermenu__term">Current term: {sis.current_term_name}</p>
          ) : null}
        </div>
        <Button variant="secondary" onClick={() => void onLogout()} disabled={busy}>
          Log out
        </Button>
      </div>
    </div>
  );
});
