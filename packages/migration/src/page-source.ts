/** The page's one migration-map source, fed by the page's api client (one way to fetch). */
import { api } from '@atrium/api';
import { createMigrationMapSource } from './source.js';

/** Where the reference backend serves the map: beside importmap.json, never proxied to a legacy backend. */
export const MIGRATION_MAP_PATH = '/migration-map.json';

export const migrationMapSource = createMigrationMapSource(() => api.migrationMap());
