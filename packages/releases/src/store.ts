/**
 * Where releases and their files live. Two small interfaces, so the embedded file store (file-store.ts)
 * and a shared one (Redis for releases, S3 for files: several server instances) are interchangeable: the
 * service (service.ts) and the server only ever talk to these.
 */
import type { Release } from './types.js';

/** The published files of every release, by their content-hashed names. */
export interface AssetStore {
  /** The bytes of one file, or null when it is not there. */
  read(file: string): Promise<Buffer | null>;
  /** Stores one verified file. Names are content-hashed: writing a name again writes the same bytes. */
  put(file: string, data: Buffer): Promise<void>;
  list(): Promise<string[]>;
  remove(file: string): Promise<void>;
  /** The directory the server serves `/assets/` from, for a store on local disk; null otherwise. */
  readonly localDir: string | null;
  /**
   * Where browsers fetch a file, for a store that is not served by the server (object storage, a CDN):
   * a release's map then points there. Absent: `/assets/<file>` as the build wrote it.
   */
  urlOf?(file: string): string;
}

export interface RestoreResult {
  /** How many releases were added. */
  added: number;
  /** The live release afterwards. */
  live: string | null;
}

export interface ReleaseStore {
  /** The live release's id, or null before the first release. */
  currentId(): Promise<string | null>;
  /** A release by id (releases never change once written), or null. */
  get(id: string): Promise<Release | null>;
  /** Every release id, oldest first. */
  ids(): Promise<string[]>;
  /**
   * Writes `release` and makes it live, only if the live release is still `expectedCurrent`: otherwise
   * throws ReleaseError('conflict') and writes nothing. Never leaves a half-written release live.
   */
  commit(release: Release, expectedCurrent: string | null): Promise<void>;
  /**
   * Runs `fn` holding the publish lock, so nothing commits (and gc deletes nothing) meanwhile. Re-entrant:
   * a commit inside `fn` takes it again at once. Refused with ReleaseError('locked') after a wait.
   */
  lock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Adds the releases it lacks (never rewrites one it holds; one held with other contents refuses the
   * whole call, writing nothing), then, when no release is live, makes `live` live. A backup's import and
   * the recovery of an emptied Redis both come here.
   */
  restore(releases: readonly Release[], live: string | null): Promise<RestoreResult>;
  readonly assets: AssetStore;
  /** Where it keeps things, for messages ("releases in var/releases"). */
  readonly description: string;
}
