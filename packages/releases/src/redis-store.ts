/**
 * The shared release store (ATRIUM_REDIS_URL): every instance behind the load balancer, and the release
 * CLI, see one live release.
 *
 *   atrium:releases:current   the live release's id
 *   atrium:releases:all       hash: release id -> the release (JSON), never rewritten
 *   atrium:releases:changed   pub/sub channel: the new live id, published in the same transaction
 *   atrium:releases:lock      the publish lock (a token with an expiry): commits, gc, restores
 *
 * The compare-and-swap is a Redis transaction: WATCH the pointer, compare it, then MULTI/EXEC the release
 * and the pointer; EXEC does nothing if another instance moved the pointer in between, so of two publishes
 * at once exactly one wins and the other gets a conflict. The files stay in the asset store it is given (a
 * directory every instance shares, or object storage).
 *
 * Redis is not where the history lives for good: given a durable history (durable-history.ts), every
 * release is written there before it goes live, and the live id after. When Redis comes back empty, the
 * first reader finds no live id, and recover() puts the whole history back under the lock.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DurableHistory } from './durable-history.js';
import { ReleaseError } from './errors.js';
import { RELEASE_ID } from './file-io.js';
import { missingReleases, reentrantLock } from './store-lock.js';
import type { AssetStore, ReleaseStore, RestoreResult } from './store.js';
import type { Release } from './types.js';

export const RELEASE_KEYS = {
  current: 'atrium:releases:current',
  all: 'atrium:releases:all',
  changed: 'atrium:releases:changed',
  lock: 'atrium:releases:lock',
} as const;

/** A holder that died keeps the lock no longer than this; a commit takes well under a second. */
const LOCK_MS = 30_000;
/** Deletes the lock only if this holder still has it (not one taken after an expiry). */
const UNLOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** How often a reader that finds no live id, and found no durable history either, looks again. */
const RECOVER_EVERY_MS = 2_000;

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

export interface RedisStoreOptions {
  /** Where every release is also written, to restore from when Redis loses its data. */
  history?: DurableHistory;
  /** Told when recover() put releases back into Redis (for the log). */
  onRecovered?: (result: RestoreResult, from: string) => void;
  /** How long to wait for another holder of the publish lock. */
  lockTimeoutMs?: number;
}

/** The Redis store, with what only it does: recovering from an emptied Redis. */
export interface RedisReleaseStore extends ReleaseStore {
  /**
   * Puts the durable history back into Redis (releases it lacks, and the live id when it has none) and
   * writes back to the durable history what only Redis held (a history from before it was kept durably).
   * Null without a durable history.
   */
  recover(): Promise<RestoreResult | null>;
}

export function createRedisReleaseStore(
  redis: Redis,
  assets: AssetStore,
  description: string,
  options: RedisStoreOptions = {},
): RedisReleaseStore {
  const { history } = options;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const withLock = reentrantLock(async () => {
    const token = randomBytes(16).toString('hex');
    const started = Date.now();
    while ((await reading(() => redis.set(RELEASE_KEYS.lock, token, 'PX', LOCK_MS, 'NX'))) !== 'OK') {
      if (Date.now() - started > lockTimeoutMs)
        throw new ReleaseError(
          'locked',
          'another release is being written (Redis holds the lock); try again',
        );
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
    }
    return async () => {
      await redis.eval(UNLOCK, 1, RELEASE_KEYS.lock, token).catch(() => undefined);
    };
  });

  const rawCurrentId = async (): Promise<string | null> => {
    const id = await reading(() => redis.get(RELEASE_KEYS.current));
    return id && RELEASE_ID.test(id) ? id : null;
  };
  const get = async (id: string) => {
    if (!RELEASE_ID.test(id)) return null;
    const json = await reading(() => redis.hget(RELEASE_KEYS.all, id));
    return json === null ? null : (JSON.parse(json) as Release);
  };
  const ids = async () =>
    (await reading(() => redis.hkeys(RELEASE_KEYS.all))).filter((id) => RELEASE_ID.test(id)).sort();

  /** Adds to Redis what it lacks and sets the live id when there is none; under the lock. */
  const restoreLocked = async (releases: readonly Release[], live: string | null): Promise<RestoreResult> => {
    const missing = await missingReleases(releases, get);
    // The durable copy first: what goes into Redis must outlive the next loss too.
    if (history) {
      const durable = new Set(await history.ids());
      for (const release of releases) if (!durable.has(release.id)) await history.put(release);
    }
    const known = live !== null && (releases.some((r) => r.id === live) || (await get(live)) !== null);
    const multi = redis.multi();
    for (const release of missing) multi.hsetnx(RELEASE_KEYS.all, release.id, JSON.stringify(release));
    if (known) multi.set(RELEASE_KEYS.current, live, 'NX');
    const results = await reading(() => multi.exec());
    // SET NX answered OK: this call made `live` live (another instance may have been first).
    const moved = known && results?.at(-1)?.[1] === 'OK';
    if (moved) {
      await history?.setCurrent(live);
      await reading(() => redis.publish(RELEASE_KEYS.changed, live));
    }
    return { added: missing.length, live: await rawCurrentId() };
  };

  const recover = async (): Promise<RestoreResult | null> => {
    if (!history) return null;
    return withLock(async () => {
      const inRedis = new Set(await ids());
      const durableIds = await history.ids();
      // Only what Redis lacks is read: a reconnection costs a listing, not a read of every release.
      const releases: Release[] = [];
      for (const id of durableIds) {
        if (inRedis.has(id)) continue;
        const release = await history.get(id);
        if (release) releases.push(release);
      }
      // What only Redis holds goes to the durable copy (releases made before it was kept).
      const durable = new Set(durableIds);
      for (const id of inRedis) {
        if (durable.has(id)) continue;
        const release = await get(id);
        if (release) await history.put(release);
      }
      const durableLive = await history.currentId();
      const result = await restoreLocked(releases, durableLive);
      if (result.live !== null && durableLive !== result.live) await history.setCurrent(result.live);
      if (result.added > 0) options.onRecovered?.(result, history.description);
      return result;
    });
  };

  /** When the durable history was last found empty: page loads before the first release ask it rarely. */
  let durableEmptyAt = -Infinity;
  /** The live id; when Redis has none but the durable history does, the history is put back first. */
  const currentId = async (): Promise<string | null> => {
    const id = await rawCurrentId();
    if (id !== null || !history || Date.now() - durableEmptyAt < RECOVER_EVERY_MS) return id;
    if ((await history.currentId()) === null) {
      durableEmptyAt = Date.now();
      return null;
    }
    return (await recover())?.live ?? null;
  };

  return {
    description,
    assets,
    currentId,
    get,
    ids,
    lock: withLock,
    recover,
    restore: (releases, live) => withLock(() => restoreLocked(releases, live)),
    commit: (release, expectedCurrent) =>
      withLock(async () => {
        if (!RELEASE_ID.test(release.id))
          throw new ReleaseError('bad-arguments', `"${release.id}" is not a release id`);
        // An emptied Redis is restored before anything new is written on top of it.
        if (history && (await rawCurrentId()) === null && (await history.currentId()) !== null)
          await recover();
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
          // Durable before live: a release people were served is always in the history that survives.
          await history?.put(release);
          const result = await reading(() =>
            tx
              .multi()
              .hset(RELEASE_KEYS.all, release.id, JSON.stringify(release))
              .set(RELEASE_KEYS.current, release.id)
              .publish(RELEASE_KEYS.changed, release.id)
              .exec(),
          );
          // null: the pointer moved after WATCH, so nothing of this transaction ran.
          if (result === null) throw conflict(expectedCurrent, await rawCurrentId().catch(() => null));
          const failed = result.find(([error]) => error);
          if (failed) throw unavailable(failed[0]);
        } finally {
          tx.disconnect();
        }
        // The release is live: a durable pointer one step behind is put right by the next recover().
        await history?.setCurrent(release.id).catch(() => undefined);
        durableEmptyAt = -Infinity;
      }),
  };
}
