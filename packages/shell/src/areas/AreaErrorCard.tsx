import { useEffect, useId } from 'react';
import { useStore } from '@atrium/store/react';
import { legacyCounterpart, migrationMapSource } from '@atrium/migration';
import { Alert, Button } from '@atrium/ui';

export interface AreaErrorCardProps {
  title: string;
  onRetry: () => void;
  /** The page that failed; with `retried`, it decides whether a classic page is offered. */
  pathname?: string;
  search?: string;
  /** True once Retry has failed too: then the legacy counterpart, when there is one, is the way on. */
  retried?: boolean;
}

/**
 * What an area shows when its bundle fails to load, times out or throws; the rest of the shell works on.
 * After a Retry that failed as well, a page the migration map names offers its classic (legacy) screen, so
 * the user can get their work done while the new page is down.
 */
export function AreaErrorCard({
  title,
  onRetry,
  pathname,
  search = '',
  retried = false,
}: AreaErrorCardProps) {
  const headingId = useId();
  const { map } = useStore(migrationMapSource);
  const offerClassic = retried && pathname !== undefined;
  useEffect(() => {
    if (offerClassic) void migrationMapSource.load();
  }, [offerClassic]);
  const classic = offerClassic ? legacyCounterpart(map, pathname, search) : null;
  return (
    <section className="atrium-area-error" aria-labelledby={headingId}>
      <h1 id={headingId} className="atrium-page-title">
        {title}
      </h1>
      <Alert tone="error" live="assertive" title="This part of Atrium couldn't be loaded">
        <p>Check your connection and try again. The rest of Atrium still works.</p>
        <div className="atrium-area-error__actions">
          <Button variant="primary" onClick={onRetry}>
            Retry
          </Button>
          {classic !== null ? (
            <a className="atr-btn" href={classic}>
              Open the classic page
            </a>
          ) : null}
        </div>
      </Alert>
    </section>
  );
}
