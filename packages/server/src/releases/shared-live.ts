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
  type Release,
} from '@atrium/releases';
import type { SharedRedis } from '../state/redis-connection.js';
import type { LiveReleases } from './live.js';

export interface SharedLiveOptions {
  dir: string;
  assets: AssetStore;
  /** "files in ..." for messages. */
  assetsDescription: string;
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
  );
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

  /** Redis lost the releases (a restart without persistence): put back what this instance knows. */
  const writeBack = async (): Promise<void> => {
    if (!current) return;
    const known = [...byId.values()];
    const multi = redis.client.multi();
    for (const release of known) multi.hsetnx(RELEASE_KEYS.all, release.id, JSON.stringify(release));
    multi.set(RELEASE_KEYS.current, current.id, 'NX');
    await multi.exec();
    log.warn(`Redis had no live release: wrote back ${known.length} release(s), ${current.id} live`);
  };

  const refresh = async (): Promise<void> => {
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
  redis.client.on('ready', refreshQuietly);
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
