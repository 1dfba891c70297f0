/**
 * The route manifest: the paths more than one app (and the server) must agree on, and the area modules
 * that render the shell's routes (SPEC section 2). Every product file takes these names from here
 * (`@atrium/api` in browser modules, `@atrium/api/routes` for the server and tests); the shell's route table
 * (titles, guards, navigation, its own paths) builds its entries on them, so each is declared once.
 *
 * Kept to plain strings: the login page loads the barrel's part of this with the client (login JS budget),
 * so AREA_NAMES and areaModuleName are not in the barrel.
 */
import { APP_KEYS } from './app-catalogue.js';

/** The login app owns this path and everything under it; the shell owns every other path. */
export const LOGIN_PATH = '/common/login';
export const HOME_PATH = '/home';
/** Where a user whose access is restricted is kept. */
export const START_PATH = '/start';

/** Whether `pathname` is `base` or below it (`/common/login/x`, not `/common/loginx`). */
export function isPathUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

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
