import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../security/random.js';
import type { Storage } from './types.js';

export class StoragePathError extends Error {
  override readonly name = 'StoragePathError';
  readonly code = 'invalid-filepath';
}

/**
 * Local-disk storage under `root` (created on demand). Writes go to a temporary file that is renamed into
 * place only when the stream ends cleanly, so a refused or broken upload never leaves a half file behind.
 */
export function createLocalStorage(root: string): Storage {
  const resolve = (filepath: string): string => {
    const full = path.resolve(root, filepath);
    // Defence in depth: filepaths are server-generated, but never write outside the root.
    if (!full.startsWith(path.resolve(root) + path.sep)) {
      throw new StoragePathError(`Refusing a filepath outside the storage root: ${filepath}`);
    }
    return full;
  };
  return {
    async put(filepath, stream: Readable) {
      const target = resolve(filepath);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomToken(8)}.part`;
      try {
        await pipeline(stream, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async remove(filepath) {
      await rm(resolve(filepath), { force: true });
    },
    async stat(filepath) {
      try {
        const info = await stat(resolve(filepath));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
