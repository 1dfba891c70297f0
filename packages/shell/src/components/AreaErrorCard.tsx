import { useId } from 'react';
import { Alert, Button } from '@atrium/ui';

/** What an area shows when its bundle fails to load, times out or throws; the rest of the shell works on. */
export function AreaErrorCard({ title, onRetry }: { title: string; onRetry: () => void }) {
  const headingId = useId();
  return (
    <section className="atrium-area-error" aria-labelledby={headingId}>
      <h1 id={headingId} className="atrium-page-title">
        {title}
      </h1>
      <Alert tone="error" live="assertive" title="This part of Atrium couldn't be loaded">
        <p>Check your connection and try again. The rest of Atrium still works.</p>
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    </section>
  );
}
