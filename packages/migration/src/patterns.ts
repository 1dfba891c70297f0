/**
 * Pattern matching for the migration map, framework-free and pure. A parameter's value must be a plain
 * token (letters, digits, `-`, `_`, `.`; never `.` or `..` alone): a value that could change the shape
 * of the address it is carried into (a `/`, a `?`, a `%2f`) matches nothing, so no entry can be used to
 * build a path the map does not name.
 */

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const TOKEN = /^[A-Za-z0-9_.-]{1,128}$/;

export type Params = Record<string, string>;

export interface PathPattern {
  readonly segments: readonly string[];
  /** Query pairs of the pattern, in order: a value is a literal or a `:name` parameter. */
  readonly query: readonly (readonly [string, string])[];
  /** A pattern written with a trailing slash keeps it when filled (`/legacy/lms/`). */
  readonly trailingSlash: boolean;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

export function parsePattern(pattern: string): PathPattern {
  const [path = '', query = ''] = pattern.split('?', 2);
  const pairs: (readonly [string, string])[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const [key = '', value = ''] = part.split('=', 2);
    pairs.push([key, value]);
  }
  return {
    segments: splitPath(path),
    query: pairs,
    trailingSlash: path.endsWith('/') && path !== '/',
  };
}

function isToken(value: string): boolean {
  return TOKEN.test(value) && value !== '.' && value !== '..';
}

function paramName(part: string): string | null {
  return PARAM.exec(part)?.[1] ?? null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Matches the first segments of `pathname` against `pattern`. Returns the parameters and how many
 * segments matched, or null. `exact` demands that the pattern covers the whole path.
 */
export function matchPathPrefix(
  pattern: PathPattern,
  pathname: string,
  exact: boolean,
): { params: Params; exact: boolean } | null {
  const segments = splitPath(pathname);
  if (segments.length < pattern.segments.length) return null;
  if (exact && segments.length !== pattern.segments.length) return null;
  const params: Params = {};
  for (let index = 0; index < pattern.segments.length; index++) {
    const part = pattern.segments[index] ?? '';
    const raw = segments[index] ?? '';
    const name = paramName(part);
    if (name === null) {
      if (part !== raw) return null;
      continue;
    }
    const value = decodeSegment(raw);
    if (value === null || !isToken(value)) return null;
    params[name] = value;
  }
  return { params, exact: segments.length === pattern.segments.length };
}

/** Matches the pattern's query pairs against a location's search; extra query parameters are allowed. */
export function matchQuery(pattern: PathPattern, search: string, params: Params): Params | null {
  if (pattern.query.length === 0) return params;
  const actual = new URLSearchParams(search);
  const out: Params = { ...params };
  for (const [key, expected] of pattern.query) {
    const value = actual.get(key);
    if (value === null) return null;
    const name = paramName(expected);
    if (name === null) {
      if (value !== expected) return null;
    } else {
      if (!isToken(value)) return null;
      out[name] = value;
    }
  }
  return out;
}

/** The address of a pattern with its parameters filled in, or null when one is missing. */
export function fillPattern(pattern: PathPattern, params: Params): string | null {
  const segments: string[] = [];
  for (const part of pattern.segments) {
    const name = paramName(part);
    if (name === null) {
      segments.push(part);
      continue;
    }
    const value = params[name];
    if (value === undefined || !isToken(value)) return null;
    segments.push(encodeURIComponent(value));
  }
  let path = `/${segments.join('/')}`;
  if (pattern.trailingSlash) path += '/';
  if (pattern.query.length === 0) return path;
  const query = new URLSearchParams();
  for (const [key, value] of pattern.query) {
    const name = paramName(value);
    if (name === null) {
      query.append(key, value);
      continue;
    }
    const filled = params[name];
    if (filled === undefined || !isToken(filled)) return null;
    query.append(key, filled);
  }
  return `${path}?${query.toString()}`;
}

/** The parameter names a pattern uses, in its path and in its query. */
export function patternParams(pattern: PathPattern): string[] {
  const names: string[] = [];
  for (const part of pattern.segments) {
    const name = paramName(part);
    if (name !== null) names.push(name);
  }
  for (const [, value] of pattern.query) {
    const name = paramName(value);
    if (name !== null) names.push(name);
  }
  return names;
}
