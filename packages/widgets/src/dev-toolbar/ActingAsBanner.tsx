import { useState } from 'react';
import { Alert, Button, kitCss, useStyles } from '@atrium/ui';
import type { ApiClient, Sis } from '@atrium/api';
import { displayName } from '@atrium/session';
import { actingAsCss } from './acting-as-styles.js';

export interface ActingAsBannerProps {
  sis: Sis;
  api: Pick<ApiClient, 'switchBack'>;
  /** Called once the server acts as the original user again (the page reloads). */
  onSwitchedBack: () => void;
  /** Tells the other tabs (session.changeUser), so every tab is the original user again. */
  announce?: () => void;
}

/**
 * While a root user acts as someone else, every page says so and offers the way back. It shows whether or
 * not the toolbar is open, and to the switched-to user too: that user is usually neither root nor hq. The
 * one banner of the suite: the shell renders it at its top, legacy pages through `<atrium-dev-toolbar>`.
 */
export function ActingAsBanner({ sis, api, onSwitchedBack, announce }: ActingAsBannerProps) {
  useStyles(kitCss, actingAsCss);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    <div className="atrium-devtb-acting" role="region" aria-label="Acting as another user">
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
