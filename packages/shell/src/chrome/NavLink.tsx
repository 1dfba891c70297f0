import { memo } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { isModifiedClick } from '../routes/location-store';
import { useServices } from '../services';

export interface NavLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  current?: boolean;
  onNavigate?: () => void;
}

/**
 * A real link (so Ctrl+click and copy-link work) that navigates inside the app on a plain click.
 * Memoised: a navigation changes `current` on two links of the menus, and only those should re-render.
 */
export const NavLink = memo(function NavLink({
  href,
  children,
  className,
  current,
  onNavigate,
}: NavLinkProps) {
  const { navigate } = useServices();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    onNavigate?.();
    navigate(href);
  };
  return (
    <a href={href} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </a>
  );
});
