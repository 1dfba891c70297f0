import { useId } from 'react';
import { Alert, useKitStyles } from '@atrium/ui';

/**
 * What an area shows when one of its components throws while rendering. The error stays inside the
 * parcel: the shell, its menu and the other areas keep working.
 */
export function AreaErrorFallback() {
  useKitStyles();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>This page could not be shown</h1>
      <Alert tone="error" live="assertive">
        Something went wrong while showing this page. Reload the page to try again, or go back to the{' '}
        <a className="atr-link" href="/">
          home page
        </a>
        .
      </Alert>
    </section>
  );
}
