import { RenderErrorFallback } from '@atrium/lifecycles/react';
import type { RenderErrorProps } from '@atrium/lifecycles/react';
import { LOGIN_PATH, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';

/** Shown (lifecycles.tsx) if rendering throws: the catalogue text, Retry, and a way to start over. */
export function LoginCrash({ retry }: RenderErrorProps) {
  return (
    <main>
      <RenderErrorFallback title="Sign In" retry={retry}>
        {UNKNOWN_ERROR_MESSAGE} <a href={LOGIN_PATH}>Reload the sign-in page</a>
      </RenderErrorFallback>
    </main>
  );
}
