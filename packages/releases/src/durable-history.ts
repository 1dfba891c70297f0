/**
 * The durable copy of the release history in Redis mode (docs/releases.md, "Durability"). Redis holds the
 * live pointer and the lock; every release it commits is also written here, and so is the live id once it
 * moved. When Redis loses its data (a restart without persistence, FLUSHALL), the instances restore the
 * whole history from this copy instead of the little each one happened to remember.
 *
 * Two places, as for the files: the release directory every instance mounts (the same layout as the
 * embedded file store, so a directory written in Redis mode also serves as one in file mode), or the S3
 * bucket when ATRIUM_ASSETS=s3 (next to the assets prefix: `assets/` -> `releases/`).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ReleaseError } from './errors.js';
import { RELEASE_ID, readJson, releaseIdsIn, writeAtomic } from './file-io.js';
import { isMissing } from './s3-assets.js';
import type { Release } from './types.js';

export interface DurableHistory {
  /** "releases in /srv/atrium/releases" / "s3://bucket/releases/", for messages. */
  readonly description: string;
  /**
   * Writes a release. Only the holder of the publish lock writes, and only an id Redis does not hold yet:
   * rewriting one means a publish that crashed before going live left it, and nobody ever saw it.
   */
  put(release: Release): Promise<void>;
  get(id: string): Promise<Release | null>;
  /** Every release id held, oldest first. */
  ids(): Promise<string[]>;
  /** The live id as last recorded, or null. */
  currentId(): Promise<string | null>;
  setCurrent(id: string): Promise<void>;
}

const lost = (where: string, error: unknown): ReleaseError =>
  new ReleaseError(
    'unavailable',
    `the durable release history (${where}) cannot be written or read (${(error as Error).message}); ` +
      'nothing was changed: try again once it is back',
  );

const idOf = (value: unknown): string | null => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' && RELEASE_ID.test(id) ? id : null;
};

/** `<dir>/releases/r000042.json` and `<dir>/current.json`, as the file store keeps them. */
export function createDirectoryHistory(dir: string): DurableHistory {
  const releasesDir = path.join(dir, 'releases');
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ReleaseError) throw error;
      throw lost(dir, error);
    }
  };
  return {
    description: `releases in ${dir}`,
    put: (release) =>
      guard(async () => {
        await mkdir(releasesDir, { recursive: true });
        await writeAtomic(
          path.join(releasesDir, `${release.id}.json`),
          `${JSON.stringify(release, null, 2)}\n`,
        );
      }),
    get: (id) =>
      guard(async () =>
        RELEASE_ID.test(id)
          ? ((await readJson(path.join(releasesDir, `${id}.json`))) as Release | null)
          : null,
      ),
    ids: () => guard(() => releaseIdsIn(releasesDir)),
    currentId: () => guard(async () => idOf(await readJson(path.join(dir, 'current.json')))),
    setCurrent: (id) =>
      guard(async () => {
        await mkdir(dir, { recursive: true });
        await writeAtomic(path.join(dir, 'current.json'), `${JSON.stringify({ id })}\n`);
      }),
  };
}

/** The history prefix beside an assets prefix: `atrium/assets/` -> `atrium/releases/`. */
export function historyPrefixOf(assetsPrefix: string): string {
  const parent = assetsPrefix.replace(/[^/]*\/$/, '');
  const sibling = `${parent}releases/`;
  // Never a name the asset listing (and so gc) could take for a file: those hold no "/".
  return sibling === assetsPrefix ? `${assetsPrefix}history/` : sibling;
}

/** `<prefix>r000042.json` and `<prefix>current.json` in the assets bucket. */
export function createS3History(client: S3Client, bucket: string, prefix: string): DurableHistory {
  const where = `s3://${bucket}/${prefix}`;
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ReleaseError) throw error;
      throw lost(where, error);
    }
  };
  const getJson = async (key: string): Promise<unknown> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return answer.Body ? (JSON.parse(await answer.Body.transformToString('utf8')) as unknown) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const putJson = async (key: string, value: unknown): Promise<void> => {
    const body = Buffer.from(`${JSON.stringify(value)}\n`);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: 'application/json; charset=utf-8',
        // The pointer changes; people never fetch these, but a cache in front must not keep one.
        CacheControl: 'no-store',
      }),
    );
  };
  return {
    description: `releases in ${where}`,
    put: (release) => guard(() => putJson(`${prefix}${release.id}.json`, release)),
    get: (id) =>
      guard(async () =>
        RELEASE_ID.test(id) ? ((await getJson(`${prefix}${id}.json`)) as Release | null) : null,
      ),
    ids: () =>
      guard(async () => {
        const ids: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) {
            const id = /^(r\d{6,})\.json$/.exec(object.Key?.slice(prefix.length) ?? '')?.[1];
            if (id) ids.push(id);
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return ids.sort();
      }),
    currentId: () => guard(async () => idOf(await getJson(`${prefix}current.json`))),
    setCurrent: (id) => guard(() => putJson(`${prefix}current.json`, { id })),
  };
}
