import type { RouteDef } from '../routes';
import { NavList } from './NavList';
import type { NavSection } from './nav-items';

/** The wide-screen navigation (hidden under 992px, where the mobile menu takes over). */
export function SideNav({ sections, currentRoute }: { sections: NavSection[]; currentRoute: RouteDef }) {
  if (sections.length === 0) return null;
  return (
    <nav className="atrium-sidenav" aria-label="Main">
      <NavList sections={sections} currentRoute={currentRoute} />
    </nav>
  );
}
