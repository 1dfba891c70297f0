import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useKitStyles } from '@atrium/ui';
import { useAreaProps } from './area-context';

export interface AreaLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path inside Atrium, e.g. '/evaluations'. */
  href: string;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to another page of Atrium. A plain click navigates through the shell (so the unsaved-changes
 * guard applies and nothing reloads); a modified click opens a new tab as any link would.
 */
export function AreaLink({ href, className, onClick, ...rest }: AreaLinkProps) {
  useKitStyles();
  const { navigate } = useAreaProps();
  return (
    <a
      href={href}
      className={className ?? 'atr-link'}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
      {...rest}
    />
  );
}
