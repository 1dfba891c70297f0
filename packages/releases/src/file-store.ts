/**
 * The embedded release store: one directory (ATRIUM_RELEASES_DIR, default var/releases).
 *
 *   releases/r000042.json   one file per release, never rewritten
 *   current.json            { "id": "r000042" }: the live pointer
 *   assets/                 every published file (+ .br/.gz made from the verified bytes)
 *   .lock/                  held (mkdir is atomic) while a commit compares and swaps the pointer
 *
 * Every write is a temp file + rename, so a crash leaves the old file or the new one, never half of one;
 * the release file is written before the pointer moves, so a crash mid-publish leaves the previous release
 * live.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError } from './errors.js';
import { RELEASE_ID, readJson, releaseIdsIn, writeAtomic } from './file-io.js';
import { missingReleases, reentrantLock } from './store-lock.js';
import type { AssetStore, ReleaseStore } from './store.js';
import type { Release } from './types.js';

/** A lock older than this was left by a crashed process: a commit takes well under a second. */
const STALE_LOCK_MS = 30_000;

export function releasesDirFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, env['ATRIUM_RELEASES_DIR'] || path.join('var', 'releases'));
}

/** A file name that stays inside the assets directory. */
function safeAssetName(file: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file) || file.includes('..'))
    throw new ReleaseError('bad-manifest', `"${file}" is not a file name a release can hold`);
  return file;
}

export function createFileAssetStore(dir: string): AssetStore {
  return {
    localDir: dir,
    async read(file) {
      try {
        return await readFile(path.join(dir, safeAssetName(file)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async put(file, data) {
      const target = path.join(dir, safeAssetName(file));
      await mkdir(dir, { recursive: true });
      // Compressed copies beside it, as the full build does (scripts/precompress.ts): the server sends them.
      if (/\.(js|css|svg|json)$/.test(file)) {
        await writeAtomic(`${target}.br`, brotliCompressSync(data));
        await writeAtomic(`${target}.gz`, gzipSync(data, { level: 9 }));
      }
      await writeAtomic(target, data);
    },
    async list() {
      try {
        return (await readdir(dir)).filter((name) => !/\.(br|gz|tmp)$/.test(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async remove(file) {
      const target = path.join(dir, safeAssetName(file));
      await Promise.all([target, `${target}.br`, `${target}.gz`].map((name) => rm(name, { force: true })));
    },
  };
}

export interface FileStoreOptions {
  /** How long to wait for another process's commit before giving up. */
  lockTimeoutMs?: number;
  /** Where the files go (ATRIUM_ASSETS=s3); default `<dir>/assets`. */
  assets?: AssetStore;
}

export function createFileReleaseStore(dir: string, options: FileStoreOptions = {}): ReleaseStore {
  const releasesDir = path.join(dir, 'releases');
  const currentFile = path.join(dir, 'current.json');
  const lockDir = path.join(dir, '.lock');
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;

  const withLock = reentrantLock(async () => {
    await mkdir(dir, { recursive: true });
    const started = Date.now();
    for (;;) {
      try {
        await mkdir(lockDir);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const info = await stat(lockDir).catch(() => null);
        if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) {
          await rm(lockDir, { recursive: true, force: true });
          continue;
        }
        if (Date.now() - started > lockTimeoutMs)
          throw new ReleaseError('locked', `another release is being written in ${dir}; try again`);
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
      }
    }
    return () => rm(lockDir, { recursive: true, force: true });
  });

  async function currentId(): Promise<string | null> {
    const value = (await readJson(currentFile)) as { id?: unknown } | null;
    return typeof value?.id === 'string' && RELEASE_ID.test(value.id) ? value.id : null;
  }

  async function get(id: string): Promise<Release | null> {
    if (!RELEASE_ID.test(id)) return null;
    return (await readJson(path.join(releasesDir, `${id}.json`))) as Release | null;
  }

  return {
    description: `releases in ${dir}`,
    assets: options.assets ?? createFileAssetStore(path.join(dir, 'assets')),
    currentId,
    get,
    lock: withLock,
    restore: (releases, live) =>
      withLock(async () => {
        const missing = await missingReleases(releases, get);
        await mkdir(releasesDir, { recursive: true });
        for (const release of missing)
          await writeAtomic(
            path.join(releasesDir, `${release.id}.json`),
            `${JSON.stringify(release, null, 2)}\n`,
          );
        let now = await currentId();
        if (now === null && live !== null && (await get(live))) {
          await writeAtomic(currentFile, `${JSON.stringify({ id: live })}\n`);
          now = live;
        }
        return { added: missing.length, live: now };
      }),
    ids: () => releaseIdsIn(releasesDir),
    async commit(release, expectedCurrent) {
      if (!RELEASE_ID.test(release.id))
        throw new ReleaseError('bad-arguments', `"${release.id}" is not a release id`);
      await withLock(async () => {
        const live = await currentId();
        if (live !== expectedCurrent) {
          throw new ReleaseError(
            'conflict',
            `the live release changed while this one was prepared (expected ${expectedCurrent ?? 'none'}, ` +
              `found ${live ?? 'none'}); nothing was changed: run the command again`,
          );
        }
        await mkdir(releasesDir, { recursive: true });
        const file = path.join(releasesDir, `${release.id}.json`);
        if (await stat(file).catch(() => null))
          throw new ReleaseError('conflict', `release ${release.id} already exists; nothing was changed`);
        await writeAtomic(file, `${JSON.stringify(release, null, 2)}\n`);
        // The pointer moves last: until this rename, the previous release stays live.
        await writeAtomic(currentFile, `${JSON.stringify({ id: release.id })}\n`);
      });
    },
  };
}
