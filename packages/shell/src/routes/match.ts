/**
 * Finds the route that owns a pathname. Pure: the table is a parameter so tests can pass their own.
 */
import { NOT_FOUND_ROUTE, routeModule } from './route-table';
import { routeTable } from './release-areas';
import type { RouteDef } from './route-table';

export interface RouteMatch {
  route: RouteDef;
  /** The normalised path without leading or trailing slashes, e.g. 'ext/legacy/lms'. */
  path: string;
  /** True when no route owns the path and `route` is the not-found route. */
  notFound: boolean;
}

/** '/a//b/' -> 'a/b'. Query and hash are not part of the route. */
export function normalizePath(pathname: string): string {
  const bare = pathname.split(/[?#]/, 1)[0] ?? '';
  return bare
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
}

/** The fixed part of a pattern ('ext/**' -> 'ext'). */
function prefixOf(pattern: string): string {
  return pattern.replace(/\/?\*\*$/, '');
}

function segmentCount(pattern: string): number {
  const prefix = prefixOf(pattern);
  return prefix === '' ? 0 : prefix.split('/').length;
}

function owns(def: RouteDef, path: string): boolean {
  // The empty path is exact: it must not swallow every other path as a prefix.
  if (def.path === '') return path === '';
  const prefix = prefixOf(def.path);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Sorted once per table: the most specific pattern is tried first. */
const sortedCache = new WeakMap<readonly RouteDef[], readonly RouteDef[]>();

function bySpecificity(table: readonly RouteDef[]): readonly RouteDef[] {
  let sorted = sortedCache.get(table);
  if (!sorted) {
    sorted = [...table].sort((a, b) => segmentCount(b.path) - segmentCount(a.path));
    sortedCache.set(table, sorted);
  }
  return sorted;
}

export function matchRoute(pathname: string, table: readonly RouteDef[] = routeTable()): RouteMatch {
  const path = normalizePath(pathname);
  for (const def of bySpecificity(table)) {
    if (owns(def, path)) return { route: def, path, notFound: false };
  }
  return { route: NOT_FOUND_ROUTE, path, notFound: true };
}

/**
 * The import-map name of the area a pathname shows. The root config's boot calls it while the session starts, to
 * fetch that area's module in parallel (root-config/src/warm-shell.ts).
 */
export function areaModuleFor(pathname: string): string | null {
  const { route } = matchRoute(pathname);
  // A redirect route shows another path's area; that one is fetched when the shell gets there.
  return routeModule(route);
}
