/**
 * The Releases panel of the developer toolbar, for root users: the live version of every app, the last
 * ten releases (who and what), rolling one app back after a confirmation, and trying a canary for oneself.
 * Only published, checked versions can be chosen here; SRI, CSP and Trusted Types stay on (they replace
 * ad-hoc import-map overrides in production). The server refuses all of it to anyone but root.
 */
import { useEffect, useId, useState } from 'react';
import { api as atriumApi } from '@atrium/api';
import { Alert, Button } from '@atrium/ui';
import { createReleasesClient } from './releases-client.js';
import type { ReleasesClient, ReleasesOverview } from './releases-client.js';

export interface ReleasesPanelProps {
  client?: ReleasesClient;
  /** After a change this page must load again to show (a rollback, a canary tried). */
  reload?: () => void;
}

const defaultReload = () => window.location.reload();

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function audienceText(audience: { roles: string[] } | { percent: number }): string {
  return 'roles' in audience ? `for ${audience.roles.join(', ')}` : `for ${audience.percent}% of people`;
}

export function ReleasesPanel({ client, reload = defaultReload }: ReleasesPanelProps) {
  const [api] = useState(() => client ?? createReleasesClient(undefined, atriumApi.urlOf));
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [overview, setOverview] = useState<ReleasesOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Fetched when first opened, not on every page load of a root user.
  useEffect(() => {
    if (!open || overview !== null) return;
    const controller = new AbortController();
    api.overview(controller.signal).then(setOverview, (cause: unknown) => {
      if (!controller.signal.aborted) setError(`The releases could not be loaded. ${messageOf(cause)}`);
    });
    return () => controller.abort();
  }, [open, overview, api]);

  const act = async (what: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await what();
      reload();
    } catch (cause) {
      setBusy(false);
      setConfirming(null);
      setError(`${failure} ${messageOf(cause)}`);
    }
  };

  const live = overview?.live ?? null;
  return (
    <details className="atrium-devtb__group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="atr-btn">Releases</summary>
      <section className="atrium-devtb-releases" aria-labelledby={headingId}>
        <h3 id={headingId}>Releases</h3>
        {open && overview === null && !error ? <p role="status">Loading releases…</p> : null}
        {overview !== null && live === null ? (
          <p>No release is published: this server runs the full build.</p>
        ) : null}
        {live ? (
          <>
            <table>
              <caption>Live release {live.id}</caption>
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Version</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {live.modules
                  .filter((mod) => mod.kind !== 'vendor')
                  .map((mod) => {
                    const canary = live.canaries.find((c) => c.name === mod.name);
                    return (
                      <tr key={mod.name}>
                        <th scope="row">{mod.name}</th>
                        <td>
                          {mod.version}
                          {canary ? ` (canary ${canary.version} ${audienceText(canary.audience)})` : ''}
                        </td>
                        <td>
                          {confirming === mod.name ? (
                            <div role="alertdialog" aria-label={`Roll back ${mod.name}`}>
                              <p>Roll back {mod.name} to its previous version for everyone?</p>
                              <Button
                                disabled={busy}
                                onClick={() => void act(() => api.rollback(mod.name), 'The rollback failed.')}
                              >
                                Confirm rollback
                              </Button>
                              <Button variant="link" onClick={() => setConfirming(null)}>
                                Cancel
                              </Button>
                            </div>
                          ) : (
                            <Button disabled={busy} onClick={() => setConfirming(mod.name)}>
                              Roll back {mod.name}
                            </Button>
                          )}
                          {canary ? (
                            <Button
                              disabled={busy}
                              onClick={() => {
                                const on = !overview?.trying.includes(mod.name);
                                void act(
                                  () => api.tryCanary(mod.name, on),
                                  'The canary could not be changed.',
                                );
                              }}
                            >
                              {overview?.trying.includes(mod.name) ? 'Stop trying' : 'Try'} the canary of{' '}
                              {mod.name}
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
            <h4>Last releases</h4>
            <ol>
              {overview?.history.map((entry) => (
                <li key={entry.id}>
                  {entry.id}, {new Date(entry.createdAt).toLocaleString()}, {entry.author}:{' '}
                  {entry.change.summary}
                </li>
              ))}
            </ol>
          </>
        ) : null}
        {error ? (
          <Alert tone="error" live="assertive">
            {error}
          </Alert>
        ) : null}
      </section>
    </details>
  );
}
