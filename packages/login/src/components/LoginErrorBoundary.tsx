import { LOGIN_PATH, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';

/** Shown (lifecycles.tsx) if rendering throws: the catalogue text and a way to start over. */
export function LoginErrorBoundary() {
  return (
    <div role="alert" className="atr-login__crash">
      <p>{UNKNOWN_ERROR_MESSAGE}</p>
      <p>
        <a href={LOGIN_PATH}>Reload the sign-in page</a>
      </p>
    </div>
  );
}
