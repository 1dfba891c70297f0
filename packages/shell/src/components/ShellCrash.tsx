import { Alert } from '@atrium/ui';

/** single-spa-react's last line of defence: the shell itself threw while rendering. */
export function ShellCrash() {
  return (
    <main className="atrium-crash">
      <Alert tone="error" live="assertive" title="Atrium stopped working">
        <p>
          Something went wrong. <a href="">Reload the page</a> to continue.
        </p>
      </Alert>
    </main>
  );
}
