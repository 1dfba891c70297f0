/**
 * `@atrium/migration`: the migration map (which legacy page each new page replaces) and the lookups
 * every consumer shares. Framework-free; the shell, the widgets, the ext area and the reference backend
 * import it here. Not one of the import map's shared modules: it is bundled into each module that uses it
 * (the cold login page never loads it), so a page that shows both the shell and the ext area holds two
 * copies of the page source and may fetch /migration-map.json twice.
 */
export type { MigrationDirection, MigrationEntry, MigrationMap } from './types.js';
export type { LegacyPageMatch } from './counterparts.js';
export { DEFAULT_MIGRATION_MAP, LEGACY_HOME } from './default-map.js';
export {
  isLegacyPath,
  legacyCounterpart,
  legacyPageAt,
  newCounterpart,
  swapToLegacyTarget,
} from './counterparts.js';
export {
  MigrationMapError,
  checkLegacyPrefix,
  validateMigrationMap,
  withLegacyPrefixes,
} from './validate.js';
export { createMigrationMapSource } from './source.js';
export type { MigrationMapSnapshot, MigrationMapSource } from './source.js';
export { MIGRATION_MAP_PATH, migrationMapSource } from './page-source.js';
