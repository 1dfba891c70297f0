/**
 * The page's copy of the migration map, framework-free: the bundled default until the server's map (with
 * the deployment's own legacy prefixes) has arrived, then that one. A store (`@atrium/store`): React reads
 * it with `useStore(source)`.
 *
 * A map the server sends but that fails validation, or a failed call, leaves the default in place: the
 * bundled map is a complete, working map, so the page never waits on this call to be usable.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';
import { DEFAULT_MIGRATION_MAP } from './default-map.js';
import type { MigrationMap } from './types.js';
import { validateMigrationMap } from './validate.js';

export interface MigrationMapSnapshot {
  readonly map: MigrationMap;
  /** True once the server's map was applied or the attempt to get it is over. */
  readonly settled: boolean;
}

export interface MigrationMapSource extends ReadableStore<MigrationMapSnapshot> {
  /** Starts the one load (later calls return the same promise). */
  load(): Promise<MigrationMapSnapshot>;
}

export function createMigrationMapSource(
  fetchMap: () => Promise<MigrationMap>,
  fallback: MigrationMap = DEFAULT_MIGRATION_MAP,
): MigrationMapSource {
  const store = createStore<MigrationMapSnapshot>({ map: fallback, settled: false });
  let pending: Promise<MigrationMapSnapshot> | null = null;
  const set = (next: MigrationMapSnapshot) => {
    store.setState(next);
    return store.getState();
  };
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load() {
      pending ??= fetchMap().then(
        (map) => {
          try {
            return set({ map: validateMigrationMap(map), settled: true });
          } catch {
            return set({ map: fallback, settled: true });
          }
        },
        () => set({ map: fallback, settled: true }),
      );
      return pending;
    },
  };
}
