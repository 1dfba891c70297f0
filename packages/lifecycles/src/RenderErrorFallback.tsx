import { useId } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button } from '@atrium/ui';

export interface RenderErrorFallbackProps {
  /** The heading: what failed, in the user's words. */
  title: string;
  /** What happened and what else the user can do; Retry is always offered after it. */
  children: ReactNode;
  retry: () => void;
}

/**
 * The one render-error fallback of Atrium's React apps (`createReactLifecycles`' `fallback` wraps it): a
 * heading, the error as an assertive alert, and Retry, which renders the app again. The error stays inside
 * the app that threw: the shell, its menu and the other areas keep working.
 */
export function RenderErrorFallback({ title, children, retry }: RenderErrorFallbackProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <Alert tone="error" live="assertive">
        {children}
      </Alert>
      <Button variant="primary" onClick={retry}>
        Retry
      </Button>
    </section>
  );
}
