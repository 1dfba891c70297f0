/**
 * The live release when several instances share Redis (ATRIUM_REDIS_URL).
 *
 * Every page load asks Redis for the live id (one GET): a release published through any instance is served
 * by every instance on the next load. The release itself is fetched once per id. Pub/sub (the store
 * publishes the new id in its commit) and a periodic re-read keep the copy here current on an instance
 * nobody is loading pages from, so it is fresh when Redis goes away.
 *
 * While Redis is unreachable, pages get the last release this instance knew, from memory, or from
 * `<releases dir>/last-known.json` (written on every change) after a restart. When Redis comes back without
 * the releases (restarted without persistence), the releases known here are written back, so none is lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createRedisReleaseStore,
  createReleaseService,
  RELEASE_KEYS,
  type AssetStore,
  type DurableHistory,
  type Release,
} from '@atrium/releases';
import type { SharedRedis } from '../state/redis-connection.js';
import type { LiveReleases } from './live.js';

export interface SharedLiveOptions {
  dir: string;
  assets: AssetStore;
  /** "files in ..." for messages. */
  assetsDescription: string;
  /** Where every release is also kept, to restore from when Redis loses its data. */
  history: DurableHistory;
  redis: SharedRedis;
  pollMs: number;
  log: { info(message: string): void; warn(message: string): void };
}

async function readLastKnown(file: string): Promise<Release | null> {
  try {
    const release = JSON.parse(await readFile(file, 'utf8')) as Release;
    return typeof release.id === 'string' && typeof release.modules === 'object' ? release : null;
  } catch {
    return null;
  }
}

async function writeLastKnown(file: string, release: Release): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(release));
  await rename(temp, file).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
}

export async function createSharedLiveReleases(options: SharedLiveOptions): Promise<LiveReleases> {
  const { dir, redis, log } = options;
  const store = createRedisReleaseStore(
    redis.client,
    options.assets,
    `releases in Redis, ${options.assetsDescription}`,
    {
      history: options.history,
      onRecovered: (result, from) =>
        log.warn(
          `Redis had lost releases: restored ${result.added} from ${from}, ${result.live ?? 'none'} live`,
        ),
    },
  );
  const { history } = options;
  const lastKnownFile = path.join(dir, 'last-known.json');
  /** Every release this instance has read (they never change): what it writes back to an emptied Redis. */
  const byId = new Map<string, Release>();
  let current: Release | null = await readLastKnown(lastKnownFile);
  if (current) {
    byId.set(current.id, current);
    log.info(`Last known release ${current.id} read from ${lastKnownFile}`);
  }

  const adopt = (release: Release): void => {
    if (current?.id === release.id) return;
    current = release;
    writeLastKnown(lastKnownFile, release).catch((error: unknown) =>
      log.warn(`Could not keep the last known release in ${lastKnownFile}: ${(error as Error).message}`),
    );
  };

  /**
   * Redis lost the releases (a restart without persistence, FLUSHALL): the store puts the whole history
   * back from its durable copy. Only when that copy has nothing (a history from before it was kept) does
   * this instance write back the releases it knows.
   */
  const writeBack = async (): Promise<void> => {
    if (!current) return;
    if ((await store.recover())?.live) return;
    const restored = await store.restore([...byId.values()], current.id);
    log.warn(
      `Redis had no live release and ${history.description} none: wrote back ${restored.added} release(s) known here, ${restored.live} live`,
    );
  };

  const refresh = async (): Promise<void> => {
    // The store restores an emptied Redis from the durable history on its own (every 2 s at most).
    const id = await store.currentId();
    if (id === null) {
      await writeBack();
      return;
    }
    if (id === current?.id) return;
    let release = byId.get(id) ?? null;
    if (!release) {
      release = await store.get(id);
      if (release) byId.set(id, release);
    }
    if (release) adopt(release);
  };
  const refreshQuietly = (): void => {
    refresh().catch(() => undefined); // the connection logs outages; the copy here stays
  };

  redis.subscriber.on('message', (channel: string) => {
    if (channel === RELEASE_KEYS.changed) refreshQuietly();
  });
  redis.subscriber.subscribe(RELEASE_KEYS.changed).catch(() => undefined);
  // On every (re)connection: what only Redis holds goes to the durable copy, what only the copy holds back
  // into Redis (it may have come back empty), then this instance reads the live release again.
  redis.client.on('ready', () => {
    store
      .recover()
      .catch(() => undefined)
      .finally(refreshQuietly);
  });
  const timer = setInterval(refreshQuietly, options.pollMs);
  timer.unref();

  return {
    store,
    service: createReleaseService({ store }),
    async live() {
      try {
        await refresh();
      } catch {
        // Redis away: the last known release, so new page loads still get it.
      }
      return current;
    },
    // Every page load asks Redis (see above): nothing is known without asking.
    peek: () => undefined,
    async close() {
      clearInterval(timer);
    },
  };
}
