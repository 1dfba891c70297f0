import { Button } from '@atrium/ui';
import type { RouteDef } from '../routes';
import { HELP_PATH } from '../routes';
import { useSearchHandler } from '../hooks';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLink } from './NavLink';
import { UpdateButton } from './UpdateButton';
import { UserMenu } from './UserMenu';
import type { NavSection } from './nav-items';

export interface TopBarProps {
  route: RouteDef;
  sections: NavSection[];
  /** Hidden in the mobile app and for restricted users (SPEC section 2). */
  showHelp: boolean;
  signedIn: boolean;
}

export function TopBar({ route, sections, showHelp, signedIn }: TopBarProps) {
  const search = useSearchHandler();
  return (
    <header className="atrium-topbar">
      <MobileMenu sections={sections} currentRoute={route} />
      <Logo appKey={route.appKey} />
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
}
