import type { ResolvedOptions } from './options.js';
import type { AppState } from './state/index.js';
import type { Storage } from './storage/types.js';

/** What every route group gets: resolved options, the in-memory state and the storage adapter. */
export interface ServerContext {
  options: ResolvedOptions;
  state: AppState;
  storage: Storage;
}
