/**
 * Guards for every address the product redirects to from data it did not write itself (a `returnUrl`
 * query parameter, a `legacy_redirect` from the server, a school abbreviation). An open redirect on a
 * login page is a phishing tool, so the rule is: reject anything that is not plainly a path on this site.
 */

const MAX_URL_LENGTH = 2048;
/** Decoding more rounds than this means someone is hiding something: reject. */
const MAX_DECODE_ROUNDS = 5;
// eslint-disable-next-line no-control-regex -- control characters are stripped by URL parsers, so `/\t/x` would become `//x`
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Percent-decode until stable, so `%252f%252f` is judged as the `//` it becomes after two hops. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A lone '%' (as in "100%") cannot be decoded further: what we have is the final form.
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** True when `..` segments climb above the root, e.g. `../../x` or `/a/../../x`. */
function escapesRoot(path: string): boolean {
  let depth = 0;
  for (const segment of path.split('/')) {
    if (segment === '..') {
      depth -= 1;
      if (depth < 0) return true;
    } else if (segment !== '' && segment !== '.') {
      depth += 1;
    }
  }
  return false;
}

/** Everything that is suspicious in the raw or in the decoded form. */
function looksHostile(form: string): boolean {
  if (CONTROL_CHARS.test(form) || form.includes('\\')) return true;
  if (form.startsWith('//')) return true;
  const pathPart = form.split(/[?#]/, 1)[0] ?? '';
  return !SCHEME.test(form) && escapesRoot(pathPart);
}

/**
 * Returns `target` as a normalised same-origin `path + search + hash`, or null when it could lead off
 * the site. Relative paths resolve against the root of `origin`. Absolute URLs of another origin are
 * accepted only when that origin is in `allowList`, and then come back whole (an absolute URL).
 * Rejected: protocol-relative (`//x`, `/\x`), other schemes (`javascript:`, `data:`), backslashes,
 * control characters, percent-encoded versions of any of these (decoded repeatedly), and `..` escapes.
 */
export function toSafeSameOriginUrl(
  target: string,
  origin: string,
  allowList: readonly string[] = [],
): string | null {
  // Control characters are checked before trimming: `trim()` would quietly drop a trailing newline.
  if (typeof target !== 'string' || CONTROL_CHARS.test(target)) return null;
  const raw = target.trim();
  if (raw === '' || raw.length > MAX_URL_LENGTH) return null;
  const ownOrigin = originOf(origin);
  if (ownOrigin === null) return null;

  const decoded = decodeFully(raw);
  if (decoded === null || looksHostile(raw) || looksHostile(decoded)) return null;

  const allowed = new Set([ownOrigin]);
  for (const entry of allowList) {
    const allowedOrigin = originOf(entry);
    if (allowedOrigin !== null) allowed.add(allowedOrigin);
  }

  let url: URL;
  let decodedUrl: URL;
  try {
    url = new URL(raw, `${ownOrigin}/`);
    decodedUrl = new URL(decoded, `${ownOrigin}/`);
  } catch {
    return null;
  }
  for (const candidate of [url, decodedUrl]) {
    if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return null;
    if (!allowed.has(candidate.origin)) return null;
    // Credentials in a URL (`https://site@evil`) are a classic disguise; never follow one.
    if (candidate.username !== '' || candidate.password !== '') return null;
    // A path that resolved to `//host` is a way off the site for whoever decodes it once more.
    if (candidate.pathname.startsWith('//')) return null;
  }
  if (url.origin !== ownOrigin) return url.href;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // The parser resolves `.`, `..` and `%2e` segments, so `/.//evil.example` comes out as the path
  // `//evil.example`, which a browser reads as another host. Judge the answer exactly as the browser will
  // (resolved against this origin) and hand it out only when it still names this origin and is stable.
  return resolvesToItself(result, ownOrigin) ? result : null;
}

/** True when `path` resolved against `origin` stays on that origin and serialises back to `path`. */
function resolvesToItself(path: string, origin: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  let resolved: URL;
  try {
    resolved = new URL(path, `${origin}/`);
  } catch {
    return false;
  }
  return resolved.origin === origin && `${resolved.pathname}${resolved.search}${resolved.hash}` === path;
}

const SCHOOL_SLUG = /^[a-z0-9][a-z0-9_-]{0,31}$/i;

/**
 * The home path of a school in production: `/<abbreviation>/`. Only a plain slug qualifies, so a
 * school's abbreviation can never smuggle a path, a host or a script into the redirect.
 */
export function schoolHomePath(abbreviation: string): string | null {
  if (typeof abbreviation !== 'string' || !SCHOOL_SLUG.test(abbreviation)) return null;
  return `/${abbreviation}/`;
}
