import { toSafeSameOriginUrl } from '@atrium/api/safe-url';

/** Any origin will do: the guard only needs one to resolve against and compare the result with. */
const BASE = 'http://atrium.invalid';

/**
 * A `return`/`returnUrl` value made safe to redirect to: a same-origin path (it must start with `/`), or
 * null. The same guard the front end uses (packages/api/src/safe-url.ts), so `/.//evil.example`, encoded
 * dots and slashes, backslashes and control characters are refused here exactly as in the browser.
 */
export function safeSameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  const safe = toSafeSameOriginUrl(value, BASE);
  // Same-origin answers come back as a path; anything else (an absolute URL) is not for us.
  return safe?.startsWith('/') ? safe : null;
}
