/**
 * The shared release store (ATRIUM_REDIS_URL): every instance behind the load balancer, and the release
 * CLI, see one live release.
 *
 *   atrium:releases:current   the live release's id
 *   atrium:releases:all       hash: release id -> the release (JSON), never rewritten
 *   atrium:releases:changed   pub/sub channel: the new live id, published in the same transaction
 *
 * The compare-and-swap is a Redis transaction: WATCH the pointer, compare it, then MULTI/EXEC the release
 * and the pointer; EXEC does nothing if another instance moved the pointer in between, so of two publishes
 * at once exactly one wins and the other gets a conflict. The files stay in the asset store it is given (a
 * directory every instance shares, or object storage).
 */
import type { Redis } from 'ioredis';
import { ReleaseError } from './errors.js';
import type { AssetStore, ReleaseStore } from './store.js';
import type { Release } from './types.js';

export const RELEASE_KEYS = {
  current: 'atrium:releases:current',
  all: 'atrium:releases:all',
  changed: 'atrium:releases:changed',
} as const;

const RELEASE_ID = /^r\d{6,}$/;

const unavailable = (error: unknown): ReleaseError =>
  new ReleaseError(
    'unavailable',
    `the release store (Redis) cannot be reached${error instanceof Error ? ` (${error.message})` : ''}; nothing was changed: try again once it is back`,
  );

/** Runs a read against Redis; a connection failure becomes a ReleaseError people can act on. */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw unavailable(error);
  }
}

const conflict = (expected: string | null, found: string | null): ReleaseError =>
  new ReleaseError(
    'conflict',
    `the live release changed while this one was prepared (expected ${expected ?? 'none'}, ` +
      `found ${found ?? 'none'}); nothing was changed: run the command again`,
  );

export function createRedisReleaseStore(redis: Redis, assets: AssetStore, description: string): ReleaseStore {
  const currentId = async (): Promise<string | null> => {
    const id = await reading(() => redis.get(RELEASE_KEYS.current));
    return id && RELEASE_ID.test(id) ? id : null;
  };
  return {
    description,
    assets,
    currentId,
    async get(id) {
      if (!RELEASE_ID.test(id)) return null;
      const json = await reading(() => redis.hget(RELEASE_KEYS.all, id));
      return json === null ? null : (JSON.parse(json) as Release);
    },
    async ids() {
      return (await reading(() => redis.hkeys(RELEASE_KEYS.all))).filter((id) => RELEASE_ID.test(id)).sort();
    },
    async commit(release, expectedCurrent) {
      if (!RELEASE_ID.test(release.id))
        throw new ReleaseError('bad-arguments', `"${release.id}" is not a release id`);
      // A connection of its own: WATCH belongs to a connection, and the shared one carries other requests'
      // transactions (any EXEC there would end this WATCH).
      const tx = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 0 });
      tx.on('error', () => undefined);
      try {
        await reading(() => tx.connect());
        await reading(() => tx.watch(RELEASE_KEYS.current));
        const live = await reading(() => tx.get(RELEASE_KEYS.current));
        if (live !== expectedCurrent) throw conflict(expectedCurrent, live);
        if (await reading(() => tx.hexists(RELEASE_KEYS.all, release.id)))
          throw new ReleaseError('conflict', `release ${release.id} already exists; nothing was changed`);
        const result = await reading(() =>
          tx
            .multi()
            .hset(RELEASE_KEYS.all, release.id, JSON.stringify(release))
            .set(RELEASE_KEYS.current, release.id)
            .publish(RELEASE_KEYS.changed, release.id)
            .exec(),
        );
        // null: the pointer moved after WATCH, so nothing of this transaction ran.
        if (result === null) throw conflict(expectedCurrent, await currentId().catch(() => null));
        const failed = result.find(([error]) => error);
        if (failed) throw unavailable(failed[0]);
      } finally {
        tx.disconnect();
      }
    },
  };
}
