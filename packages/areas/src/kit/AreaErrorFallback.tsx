import { RenderErrorFallback } from '@atrium/lifecycles/react';
import type { RenderErrorProps } from '@atrium/lifecycles/react';
import { useKitStyles } from '@atrium/ui';

/**
 * What an area shows when one of its components throws while rendering. The error stays inside the
 * parcel: the shell, its menu and the other areas keep working, and Retry renders the area again.
 */
export function AreaErrorFallback({ retry }: RenderErrorProps) {
  useKitStyles();
  return (
    <RenderErrorFallback title="This page could not be shown" retry={retry}>
      Something went wrong while showing this page. Retry, or go back to the{' '}
      <a className="atr-link" href="/">
        home page
      </a>
      .
    </RenderErrorFallback>
  );
}
