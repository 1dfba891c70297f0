import { memo } from 'react';
import { NavList } from './NavList';
import type { NavSection } from './nav-items';

/** The wide-screen navigation (hidden under 992px, where the mobile menu takes over). */
export const SideNav = memo(function SideNav({
  sections,
  currentPath,
}: {
  sections: NavSection[];
  currentPath: string;
}) {
  if (sections.length === 0) return null;
  return (
    <nav className="atrium-sidenav" aria-label="Main">
      <NavList sections={sections} currentPath={currentPath} />
    </nav>
  );
});
