/**
 * Areas the live release adds (docs/area-teams.md, "A new area"): an area published with routes of its
 * own is listed under `areas` in the page's import map, with its routes, navigation label and guard. The
 * shell merges them into its route table once, at page start. Built-in routes win: a release route that
 * overlaps one, or an earlier release route, is left out (publish refuses both; this holds for a map
 * written by hand or by an older server too).
 */
import { ROUTES } from './route-table';
import type { RouteDef } from './route-table';

/** What the shell reads of one entry of the map's `areas` (the server writes it from the release). */
export interface ReleaseArea {
  routes?: unknown;
  label?: unknown;
  guard?: unknown;
  css?: unknown;
}

const ROUTE = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

function prefixOf(pattern: string): string {
  return pattern.replace(/\/?\*\*$/, '');
}

function overlaps(a: string, b: string): boolean {
  if (a === '' || b === '') return false; // the empty path is exact
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The built-in table with the release's areas' routes after it. */
export function mergeReleaseAreas(
  areas: Readonly<Record<string, ReleaseArea>> | undefined,
  builtIn: readonly RouteDef[] = ROUTES,
): readonly RouteDef[] {
  if (!areas) return builtIn;
  const added: RouteDef[] = [];
  const taken = builtIn.map((def) => prefixOf(def.path).split('/')[0] ?? '');
  for (const [module, area] of Object.entries(areas)) {
    if (!Array.isArray(area.routes)) continue;
    const label = typeof area.label === 'string' ? area.label : undefined;
    const guard = area.guard === 'public' || area.guard === 'root' ? area.guard : 'signed-in';
    for (const path of area.routes) {
      if (typeof path !== 'string' || !ROUTE.test(path)) continue;
      const first = path.split('/')[0]!;
      if (taken.includes(first) || added.some((def) => def.module !== module && overlaps(def.path, path))) {
        console.warn(`[atrium] ${module}: route /${path} is taken; the built-in or earlier route keeps it`);
        continue;
      }
      added.push(
        Object.freeze<RouteDef>({
          path,
          title: label ?? module,
          note: '',
          area: null,
          module,
          appKey: null,
          currentApplication: null,
          guard: guard === 'public' ? 'public' : 'access',
          ...(guard === 'root' ? { rootOnly: true } : {}),
          // Listed once, under its first route.
          ...(label && !added.some((def) => def.module === module) ? { nav: 'apps' as const } : {}),
        }),
      );
    }
  }
  return added.length === 0 ? builtIn : Object.freeze([...builtIn, ...added]);
}

/** The `areas` of the page's import map (none in a server render or a page without a map). */
export function importMapAreas(doc: Document | undefined): Record<string, ReleaseArea> | undefined {
  const script = doc?.querySelector('script[type="systemjs-importmap"]');
  if (!script?.textContent) return undefined;
  try {
    const map = JSON.parse(script.textContent) as { areas?: unknown };
    return map.areas && typeof map.areas === 'object'
      ? (map.areas as Record<string, ReleaseArea>)
      : undefined;
  } catch {
    return undefined;
  }
}

let table: readonly RouteDef[] | null = null;

/** The page's route table: built-in routes and the live release's areas, read once at page start. */
export function routeTable(): readonly RouteDef[] {
  table ??= mergeReleaseAreas(importMapAreas(typeof document === 'undefined' ? undefined : document));
  return table;
}

/** The stylesheets the import map lists for an area module (linked before it mounts). */
export function areaStyles(module: string): { url: string; integrity: string }[] {
  const css = importMapAreas(typeof document === 'undefined' ? undefined : document)?.[module]?.css;
  if (!Array.isArray(css)) return [];
  return css.filter(
    (entry): entry is { url: string; integrity: string } =>
      typeof entry?.url === 'string' && typeof entry?.integrity === 'string',
  );
}
