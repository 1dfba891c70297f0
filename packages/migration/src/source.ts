/**
 * The page's copy of the migration map, framework-free: the bundled default until the server's map (with
 * the deployment's own legacy prefixes) has arrived, then that one. A React binding is one line:
 * `useSyncExternalStore(source.subscribe, source.getSnapshot)`.
 *
 * A map the server sends but that fails validation, or a failed call, leaves the default in place: the
 * bundled map is a complete, working map, so the page never waits on this call to be usable.
 */
import { DEFAULT_MIGRATION_MAP } from './default-map.js';
import type { MigrationMap } from './types.js';
import { validateMigrationMap } from './validate.js';

export interface MigrationMapSnapshot {
  readonly map: MigrationMap;
  /** True once the server's map was applied or the attempt to get it is over. */
  readonly settled: boolean;
}

export interface MigrationMapSource {
  getSnapshot(): MigrationMapSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts the one load (later calls return the same promise). */
  load(): Promise<MigrationMapSnapshot>;
}

export function createMigrationMapSource(
  fetchMap: () => Promise<MigrationMap>,
  fallback: MigrationMap = DEFAULT_MIGRATION_MAP,
): MigrationMapSource {
  let snapshot: MigrationMapSnapshot = { map: fallback, settled: false };
  let pending: Promise<MigrationMapSnapshot> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: MigrationMapSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      pending ??= fetchMap().then(
        (map) => {
          try {
            set({ map: validateMigrationMap(map), settled: true });
          } catch {
            set({ map: fallback, settled: true });
          }
          return snapshot;
        },
        () => {
          set({ map: fallback, settled: true });
          return snapshot;
        },
      );
      return pending;
    },
  };
}
