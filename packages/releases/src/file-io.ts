/** Small file helpers the directory stores share: crash-safe writes and the release id rule. */
import { randomBytes } from 'node:crypto';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';

/** `r000042`: what a release id looks like (model.ts, nextReleaseId). */
export const RELEASE_ID = /^r\d{6,}$/;

/** A temp file + rename, so a crash leaves the old file or the new one, never half of one. */
export async function writeAtomic(file: string, data: string | Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The parsed JSON of a file, or null when there is none. */
export async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The release ids of `<dir>/r000042.json` files, oldest first; none when the directory is not there. */
export async function releaseIdsIn(releasesDir: string): Promise<string[]> {
  try {
    return (await readdir(releasesDir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => RELEASE_ID.test(id))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
