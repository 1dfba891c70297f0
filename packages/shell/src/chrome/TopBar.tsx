import { memo } from 'react';
import type { AppKey } from '@atrium/api';
import { Button } from '@atrium/ui';
import { HELP_PATH } from '../routes/route-table';
import { useSearchHandler } from '../use-shell-state';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLink } from './NavLink';
import { UpdateButton } from '../updates/UpdateButton';
import { UserMenu } from './UserMenu';
import type { NavSection } from './nav-items';

export interface TopBarProps {
  /** The current route's `path` and app (primitives, so a navigation inside one route re-renders nothing). */
  currentPath: string;
  appKey: AppKey | null;
  sections: NavSection[];
  /** Hidden in the mobile app and for restricted users (SPEC section 2). */
  showHelp: boolean;
  signedIn: boolean;
}

/** Memoised: the shell re-renders on every navigation, and the top bar needs only the props above. */
export const TopBar = memo(function TopBar({
  currentPath,
  appKey,
  sections,
  showHelp,
  signedIn,
}: TopBarProps) {
  const search = useSearchHandler();
  return (
    <header className="atrium-topbar">
      <MobileMenu sections={sections} currentPath={currentPath} />
      <Logo appKey={appKey} />
      <div className="atrium-topbar__actions">
        <UpdateButton />
        {search ? (
          <Button variant="ghost" className="atrium-topbar__button" onClick={search}>
            Search
          </Button>
        ) : null}
        {showHelp ? (
          <NavLink href={HELP_PATH} className="atr-btn atr-btn--ghost atrium-topbar__button">
            Help
          </NavLink>
        ) : null}
        {signedIn ? <UserMenu /> : null}
      </div>
    </header>
  );
});
