/**
 * The migration map this server serves at /migration-map.json: the suite's map plus the deployment's own
 * legacy prefixes (ATRIUM_LEGACY_PREFIXES), which tell `ext/**` what else on this origin is a legacy
 * screen. A bad prefix stops the server at start-up with the reason, instead of framing the wrong pages.
 */
import {
  DEFAULT_MIGRATION_MAP,
  MigrationMapError,
  withLegacyPrefixes,
  type MigrationMap,
} from '@atrium/migration';
import { OptionsError } from '../options.js';

export function servedMigrationMap(extraPrefixes: readonly string[]): MigrationMap {
  try {
    return withLegacyPrefixes(DEFAULT_MIGRATION_MAP, extraPrefixes);
  } catch (error) {
    if (error instanceof MigrationMapError) {
      throw new OptionsError('invalid-legacy-prefixes', `ATRIUM_LEGACY_PREFIXES: ${error.message}`);
    }
    throw error;
  }
}
