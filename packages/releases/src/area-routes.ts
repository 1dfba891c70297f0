/**
 * Routes an area brings with its release (`release pack --route`): the rules a publish checks, so the
 * shell, which merges them into its table at page start, never meets two owners for one path.
 */
import { ReleaseError } from './errors.js';
import type { Release, ReleaseModule } from './types.js';

/**
 * The first path segments Atrium owns: the shell's built-in routes (packages/shell's route table, which a
 * test keeps in step with this list) and the paths the server answers itself. A route of a published area
 * may not start with one of them: built-in routes win.
 */
export const RESERVED_ROUTE_SEGMENTS: readonly string[] = Object.freeze([
  // The server's own paths.
  'common',
  'lapi',
  'assets',
  'static',
  'widgets',
  'api',
  'healthz',
  'readyz',
  'metrics',
  // The shell's built-in routes.
  'start',
  'home',
  'system',
  'evaluations',
  'ei3',
  'enlight',
  'sites',
  'site',
  'profile',
  'violet',
  'eclas',
  'examn',
  'educate',
  'engage',
  'curriculum',
  'reports',
  'adhocs',
  'exports',
  'oreports',
  'oreports-evaluations',
  'core',
  'scheduling',
  'ext',
  'schedules',
  'hub',
  'support',
  'calendar',
  'query-builder',
  'vforms',
]);

/** `a` is `b`, or lies under it, or holds it: either way one of them would take the other's paths. */
export function routesOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * Refuses an area whose routes start with a segment Atrium owns or overlap another live area's. The same
 * area's earlier version is not "another": a new version may keep or change its own routes.
 */
export function checkAreaRoutes(mod: ReleaseModule, live: Release | null): void {
  for (const route of mod.area?.routes ?? []) {
    const first = route.split('/')[0] ?? route;
    if (RESERVED_ROUTE_SEGMENTS.includes(first))
      throw new ReleaseError(
        'route-taken',
        `${mod.name}: the route /${route} is Atrium's own (/${first} is a built-in route or a server path, and built-in routes win): choose a path that starts with another word`,
      );
    for (const other of Object.values(live?.modules ?? {})) {
      if (other.name === mod.name) continue;
      const taken = other.area?.routes.find((theirs) => routesOverlap(route, theirs));
      if (taken !== undefined)
        throw new ReleaseError(
          'route-taken',
          `${mod.name}: the route /${route} collides with /${taken} of ${other.name} (two areas may not own the same paths, nor one inside the other's)`,
        );
    }
  }
}
