/**
 * The publish lock both stores take (a directory in file mode, a key in Redis mode), made re-entrant:
 * gc and a publish's "store the files, then commit" run under it, and the commit inside them takes it
 * again without waiting for itself. Re-entry follows the async call chain, so two operations running at
 * once in one process still exclude each other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import { ReleaseError } from './errors.js';
import type { Release } from './types.js';

export function reentrantLock(acquire: () => Promise<() => Promise<void>>) {
  const held = new AsyncLocalStorage<true>();
  return async function withLock<T>(fn: () => Promise<T>): Promise<T> {
    if (held.getStore()) return fn();
    const release = await acquire();
    try {
      return await held.run(true, fn);
    } finally {
      await release();
    }
  };
}

/**
 * The releases of `incoming` a store lacks, after checking that every one it holds is the same release:
 * a backup from another installation (or an edited one) is refused before anything is written.
 */
export async function missingReleases(
  incoming: readonly Release[],
  held: (id: string) => Promise<Release | null>,
): Promise<Release[]> {
  const missing: Release[] = [];
  for (const release of incoming) {
    const existing = await held(release.id);
    if (!existing) missing.push(release);
    else if (!isDeepStrictEqual(existing, release))
      throw new ReleaseError(
        'conflict',
        `release ${release.id} is already held here with other contents: a history is only restored ` +
          'into the installation it came from (or an empty one); nothing was changed',
      );
  }
  return missing;
}
