import { useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, kitCss, useStyles } from '@atrium/ui';
import type { ApiClient, Sis } from '@atrium/api';
import { displayName } from '@atrium/session';
import { actingAsCss } from './acting-as-styles.js';
import { useTopRoom } from './top-room.js';

export interface ActingAsBannerProps {
  sis: Sis;
  api: Pick<ApiClient, 'switchBack'>;
  /** Called once the server acts as the original user again (the page reloads). */
  onSwitchedBack: () => void;
  /** Tells the other tabs (session.changeUser), so every tab is the original user again. */
  announce?: () => void;
  /**
   * In the browser's top layer, at the top of the page, in room of its own there (legacy pages: the tag may
   * stand at the end of a long body, under a page's own z-indexes, and the page's top-right controls must
   * stay uncovered). The shell places it in its own flow instead.
   */
  floating?: boolean;
}

/**
 * While a root user acts as someone else, every page says so and offers the way back. It shows whether or
 * not the toolbar is open, and to the switched-to user too: that user is usually neither root nor hq. The
 * one banner of the suite: the shell renders it at its top, legacy pages through `<atrium-dev-toolbar>`.
 */
export function ActingAsBanner({
  sis,
  api,
  onSwitchedBack,
  announce,
  floating = false,
}: ActingAsBannerProps) {
  useStyles(kitCss, actingAsCss);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  // A manual popover: in the top layer, at the top of the page, wherever the tag stands in it (a tag at the
  // end of a long <body> would otherwise put it below the fold) and above any z-index; the page moves down
  // by its height, so it covers none of the page's controls.
  useTopRoom(ref, floating && Boolean(sis.acting_as));
  useLayoutEffect(() => {
    const banner = ref.current;
    if (floating && banner && typeof banner.showPopover === 'function' && !banner.matches(':popover-open')) {
      banner.showPopover();
    }
  });
  if (!sis.acting_as) return null;
  const who = `${displayName(sis.user)} (${sis.user.username})`;

  const switchBack = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.switchBack();
      announce?.();
      onSwitchedBack();
    } catch (error) {
      setBusy(false);
      setError(`Could not switch back. ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <div
      ref={ref}
      popover={floating ? 'manual' : undefined}
      className={floating ? 'atrium-devtb-acting atrium-devtb-acting--floating' : 'atrium-devtb-acting'}
      role="region"
      aria-label="Acting as another user"
    >
      <p className="atrium-devtb-acting__text">
        Acting as <strong>{who}</strong>; signed in as <strong>{sis.acting_as.original_username}</strong>.
      </p>
      <Button variant="primary" disabled={busy} onClick={() => void switchBack()}>
        {busy ? 'Switching back…' : 'Switch back'}
      </Button>
      {error ? (
        <Alert tone="error" live="assertive">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
