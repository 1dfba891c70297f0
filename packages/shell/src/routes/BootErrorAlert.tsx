import { useState } from 'react';
import { Alert, Button } from '@atrium/ui';

/** The session could not be set up (initialize failed): say so and let the user try again. */
export function BootErrorAlert({ boot }: { boot: (() => Promise<unknown>) | undefined }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    if (!boot) {
      window.location.reload();
      return;
    }
    setBusy(true);
    try {
      await boot();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert tone="error" live="assertive" title="We couldn't set up your session">
      <p>Something went wrong while starting Atrium. Please try again.</p>
      <Button variant="primary" onClick={() => void retry()} disabled={busy}>
        Retry
      </Button>
    </Alert>
  );
}
