import { RenderErrorFallback } from '@atrium/lifecycles/react';
import type { RenderErrorProps } from '@atrium/lifecycles/react';
import { useEffect } from 'react';
import { finishServerScreen } from './server-screen';

/** The shell's last line of defence: the shell itself threw while rendering. Retry renders it again. */
export function ShellCrash({ retry }: RenderErrorProps) {
  // Nothing more will hydrate: the server's stylesheet and marker go.
  useEffect(() => finishServerScreen(), []);
  return (
    <main className="atrium-crash">
      <RenderErrorFallback title="Atrium stopped working" retry={retry}>
        <p>
          Something went wrong. Retry, or <a href="">reload the page</a> to continue.
        </p>
      </RenderErrorFallback>
    </main>
  );
}
