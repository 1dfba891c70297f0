/**
 * Looking up counterparts in a migration map: the legacy page of a new page ('Swap to Legacy', the error
 * card's 'Open the classic page') and the new page of a legacy one ('Open in the new Atrium'), plus the
 * rule of which same-origin addresses are legacy screens (what `ext/**` may frame).
 */
import { fillPattern, matchPathPrefix, matchQuery, parsePattern } from './patterns.js';
import type { PathPattern } from './patterns.js';
import type { MigrationEntry, MigrationMap } from './types.js';

interface Compiled {
  readonly entry: MigrationEntry;
  readonly route: PathPattern;
  readonly legacy: PathPattern;
}

const compiledCache = new WeakMap<MigrationMap, readonly Compiled[]>();

function compile(map: MigrationMap): readonly Compiled[] {
  let compiled = compiledCache.get(map);
  if (!compiled) {
    compiled = map.entries.map((entry) => ({
      entry,
      route: parsePattern(entry.route),
      legacy: parsePattern(entry.legacy),
    }));
    compiledCache.set(map, compiled);
  }
  return compiled;
}

function follows(entry: MigrationEntry, way: 'to-legacy' | 'to-new'): boolean {
  const direction = entry.direction ?? 'both';
  return direction === 'both' || direction === way;
}

/** Literal segments outrank parameters, which outrank shorter patterns: the most specific entry wins. */
function specificity(pattern: PathPattern): number {
  let score = 0;
  for (const segment of pattern.segments) score += segment.startsWith(':') ? 2 : 3;
  return score * 10 + pattern.query.length;
}

/**
 * The legacy counterpart of a new page, as a same-origin `path?query`, or null when it has none. An entry
 * matches its own page exactly and, failing any exact match, the pages below it (`/evaluations/x` falls back
 * to the entry of `/evaluations`), because every route of the shell owns the pages under it.
 */
export function legacyCounterpart(map: MigrationMap, pathname: string, search = ''): string | null {
  let best: { score: number; url: string; exact: boolean } | null = null;
  for (const { entry, route, legacy } of compile(map)) {
    if (!follows(entry, 'to-legacy')) continue;
    const match = matchPathPrefix(route, pathname, false);
    if (!match) continue;
    const params = matchQuery(route, search, match.params);
    if (!params) continue;
    const url = fillPattern(legacy, params);
    if (url === null) continue;
    const score = specificity(route);
    const better =
      best === null || (match.exact && !best.exact) || (match.exact === best.exact && score > best.score);
    if (better) best = { score, url, exact: match.exact };
  }
  return best?.url ?? null;
}

/** Where 'Swap to Legacy' goes from a new page: its counterpart, else the legacy home. */
export function swapToLegacyTarget(map: MigrationMap, pathname: string, search = ''): string {
  return legacyCounterpart(map, pathname, search) ?? map.legacyHome;
}

export interface LegacyPageMatch {
  /** The entry whose legacy address this is (the most specific one). */
  readonly entry: MigrationEntry;
  /** The parameters read from the legacy address. */
  readonly params: Readonly<Record<string, string>>;
  /** The new page that replaces it, when an entry points that way. */
  readonly newUrl: string | null;
}

/**
 * The map's knowledge of a legacy address: which entry names it and which new page replaces it. Legacy
 * addresses match exactly (path, and every query pair of the pattern): a legacy screen is a file, not a
 * tree of routes.
 */
export function legacyPageAt(map: MigrationMap, pathname: string, search = ''): LegacyPageMatch | null {
  const trailing = pathname.endsWith('/') && pathname !== '/';
  let named: { score: number; entry: MigrationEntry; params: Record<string, string> } | null = null;
  let replacement: { score: number; url: string } | null = null;
  for (const { entry, route, legacy } of compile(map)) {
    if (legacy.trailingSlash !== trailing && legacy.segments.length > 0) continue;
    const match = matchPathPrefix(legacy, pathname, true);
    if (!match) continue;
    const params = matchQuery(legacy, search, match.params);
    if (!params) continue;
    const score = specificity(legacy);
    if (named === null || score > named.score) named = { score, entry, params };
    if (!follows(entry, 'to-new')) continue;
    const url = fillPattern(route, params);
    if (url !== null && (replacement === null || score > replacement.score)) replacement = { score, url };
  }
  if (named === null) return null;
  return { entry: named.entry, params: named.params, newUrl: replacement?.url ?? null };
}

/** The new counterpart of a legacy page ('Open in the new Atrium'), or null when it has none. */
export function newCounterpart(map: MigrationMap, pathname: string, search = ''): string | null {
  return legacyPageAt(map, pathname, search)?.newUrl ?? null;
}

/** True when `pathname` (already decoded and normalised by the caller) is under one of the legacy prefixes. */
export function isLegacyPath(map: Pick<MigrationMap, 'legacyPrefixes'>, pathname: string): boolean {
  return map.legacyPrefixes.some((prefix) => pathname.startsWith(prefix));
}
