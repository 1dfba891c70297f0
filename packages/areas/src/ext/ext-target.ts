import { toSafeSameOriginUrl } from '@atrium/api';

/** The only part of the site ext/** may show: the legacy screens. */
export const EXT_ALLOWED_PREFIX = '/legacy/';
const EXT_PREFIX = '/ext/';

function decodedPathname(safe: string, origin: string): string | null {
  try {
    // `toSafeSameOriginUrl` already refused whatever decodes to a way off the site; decoding once more here
    // catches `/legacy/..%2fadmin`, which stays under /legacy/ as text but not once a server decodes it.
    return new URL(decodeURIComponent(safe), origin).pathname;
  } catch {
    return null;
  }
}

/**
 * The page an `/ext/<address>` location names, as a same-origin path under /legacy/, or null when it may
 * not be shown: another origin (`//evil.example`), another scheme (`javascript:`), a way out of /legacy/,
 * or anything `toSafeSameOriginUrl` refuses. `search` is the location's query, which belongs to the page.
 */
export function extTarget(pathname: string, origin: string, search = ''): string | null {
  if (!pathname.startsWith(EXT_PREFIX)) return null;
  const named = pathname.slice(EXT_PREFIX.length);
  if (named === '') return null;
  // A bare name is a path from the root: /ext/legacy/lms/ names /legacy/lms/.
  const safe = toSafeSameOriginUrl(`${named}${search}`, origin);
  if (safe === null || !safe.startsWith(EXT_ALLOWED_PREFIX)) return null;
  const decoded = decodedPathname(safe, origin);
  if (decoded === null || !decoded.startsWith(EXT_ALLOWED_PREFIX)) return null;
  return safe;
}
