import { toSafeSameOriginUrl } from '@atrium/api';

/**
 * What ext/** may show when no one says otherwise: the legacy screens under /legacy/. The migration map
 * (DEFAULT_MIGRATION_MAP, plus a deployment's ATRIUM_LEGACY_PREFIXES from the server) widens it.
 */
export const EXT_ALLOWED_PREFIXES: readonly string[] = ['/legacy/'];
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

const under = (prefixes: readonly string[], path: string) =>
  prefixes.some((prefix) => prefix.endsWith('/') && prefix !== '/' && path.startsWith(prefix));

/**
 * The page an `/ext/<address>` location names, as a same-origin path under one of `prefixes` (the legacy
 * screens), or null when it may not be shown: another origin (`//evil.example`), another scheme
 * (`javascript:`), a way out of the prefixes, or anything `toSafeSameOriginUrl` refuses. `search` is the
 * location's query, which belongs to the page. A prefix must end with a slash (`/legacy` would admit
 * `/legacyx`); one that does not admits nothing.
 */
export function extTarget(
  pathname: string,
  origin: string,
  search = '',
  prefixes: readonly string[] = EXT_ALLOWED_PREFIXES,
): string | null {
  if (!pathname.startsWith(EXT_PREFIX)) return null;
  const named = pathname.slice(EXT_PREFIX.length);
  if (named === '') return null;
  // A bare name is a path from the root: /ext/legacy/lms/ names /legacy/lms/.
  const safe = toSafeSameOriginUrl(`${named}${search}`, origin);
  if (safe === null || !under(prefixes, safe)) return null;
  const decoded = decodedPathname(safe, origin);
  if (decoded === null || !under(prefixes, decoded)) return null;
  return safe;
}
