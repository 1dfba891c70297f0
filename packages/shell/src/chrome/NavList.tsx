import { memo, useId } from 'react';
import { NavLink } from './NavLink';
import type { NavSection } from './nav-items';

export interface NavListProps {
  sections: NavSection[];
  /** The `path` of the current route (a string, so memoised lists compare it cheaply). */
  currentPath: string;
  onNavigate?: () => void;
}

/** The sections of links shared by the side navigation and the mobile menu. */
export const NavList = memo(function NavList({ sections, currentPath, onNavigate }: NavListProps) {
  const baseId = useId();
  return (
    <>
      {sections.map((section) => {
        const headingId = `${baseId}-${section.group}`;
        return (
          <div key={section.group} className="atrium-nav__section">
            <h2 id={headingId} className="atrium-nav__heading">
              {section.label}
            </h2>
            <ul aria-labelledby={headingId} className="atrium-nav__list">
              {section.items.map(({ route, href }) => (
                <li key={route.path}>
                  <NavLink
                    href={href}
                    className="atrium-nav__link"
                    current={route.path === currentPath}
                    {...(onNavigate ? { onNavigate } : {})}
                  >
                    {route.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
});
