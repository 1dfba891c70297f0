/**
 * The route manifest: the paths more than one app (and the server) must agree on, and the area modules
 * that render the shell's routes (SPEC section 2). Every product file takes these names from here
 * (`@atrium/api` or `@atrium/api/routes`: the barrel re-exports all of it, so in the import-map pages the
 * subpath is the shared module itself, and the legacy widgets bundle takes only the names it uses); the
 * shell's route table (titles, guards, navigation) builds its entries on them, so each is declared once.
 *
 * Kept to plain strings and one list: the login page loads all of this with the client (login JS budget).
 */
import { APP_KEYS } from './app-catalogue.js';

export * from './route-paths.js';

/**
 * Every area module: `packages/areas/src/<name>/index.ts`, built as `@atrium/area-<name>`. The area of
 * each app of the catalogue is named by its key.
 */
export const AREA_NAMES = [
  'home',
  'start',
  'help',
  'profile',
  'ext',
  'not-found',
  ...APP_KEYS,
  'reports',
  'admin',
] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/** The import-map name of an area's module. */
export function areaModuleName(area: AreaName): `@atrium/area-${AreaName}` {
  return `@atrium/area-${area}`;
}
