import type { ResolvedOptions } from './options.js';
import type { AppState } from './state/index.js';
import type { Storage } from './storage/types.js';
import type { LiveReleases } from './releases/live.js';
import type { SharedRedis } from './state/redis-connection.js';

/** What every route group gets: resolved options, the in-memory state, the storage adapter, releases. */
export interface ServerContext {
  options: ResolvedOptions;
  state: AppState;
  storage: Storage;
  /** The release store and the live release, when one is published (docs/releases.md). */
  releases: LiveReleases;
  /** The shared Redis (ATRIUM_REDIS_URL), or null when this instance keeps everything itself. */
  redis: SharedRedis | null;
}
