import { APP_KEYS } from '@atrium/api';

/**
 * Every area module, by directory: `src/<name>/index.ts` is built as `@atrium/area-<name>`. `kit` is
 * not an area (it has no index.ts of its own and is bundled into each area).
 */
export const AREA_NAMES = [
  'home',
  'start',
  'help',
  'profile',
  'ext',
  'not-found',
  // One area per app of the catalogue, named by its key.
  ...APP_KEYS,
  'reports',
  'admin',
] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/** The import-map name of an area module. */
export function areaModuleName(name: AreaName): `@atrium/area-${AreaName}` {
  return `@atrium/area-${name}`;
}
