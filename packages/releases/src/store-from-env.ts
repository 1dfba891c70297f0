/**
 * The release store the tools use, from the environment: Redis when ATRIUM_REDIS_URL is set (the store the
 * server instances share), else the directory ATRIUM_RELEASES_DIR. Files go where ATRIUM_ASSETS says:
 * that directory's assets/ (a volume every instance mounts), or an S3 bucket. In Redis mode the history is
 * also kept durably in that directory or that bucket (durable-history.ts), and restored from there when Redis
 * has lost it. The CLI must fail, not wait, when Redis is away: a few
 * quick connection attempts, then the command is refused with the store's "unavailable" message.
 */
import { Redis } from 'ioredis';
import {
  assetsConfigFromEnv,
  createAssetStore,
  createDurableHistory,
  describeAssets,
} from './assets-config.js';
import { createFileReleaseStore, releasesDirFromEnv } from './file-store.js';
import { createRedisReleaseStore } from './redis-store.js';
import type { ReleaseStore } from './store.js';

export interface OpenedReleaseStore {
  store: ReleaseStore;
  close(): void;
}

export function releaseStoreFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): OpenedReleaseStore {
  const dir = releasesDirFromEnv(env, cwd);
  const config = assetsConfigFromEnv(env);
  const assets = createAssetStore(config, dir);
  const url = env['ATRIUM_REDIS_URL'];
  if (!url) return { store: createFileReleaseStore(dir, { assets }), close: () => undefined };
  const redis = new Redis(url, {
    // Connects on the first command: `--server` runs through the HTTP API and never needs it.
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => (times > 3 ? null : 200 * times),
  });
  redis.on('error', () => undefined); // each refused command says it
  return {
    store: createRedisReleaseStore(redis, assets, `releases in Redis, ${describeAssets(config, dir)}`, {
      history: createDurableHistory(config, dir),
    }),
    close: () => redis.disconnect(),
  };
}
