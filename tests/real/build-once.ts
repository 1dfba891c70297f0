/**
 * `buildOnce(target, make)`: makes a directory the first time any test worker asks for it and hands the
 * same one to every later caller, in this run or the next. A lock directory keeps two workers from making it
 * at once; `make` writes into a staging directory that is renamed into place when complete, so a reader
 * never sees half of it.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';

/** Longer than any build or install takes: a lock this old was left by a run that died. */
const STALE_LOCK_MS = 10 * 60_000;

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

async function lockAge(lock: string): Promise<number> {
  const made = await stat(lock).then(
    (info) => info.mtimeMs,
    () => Date.now(),
  );
  return Date.now() - made;
}

export async function buildOnce(target: string, make: (staging: string) => Promise<void>): Promise<string> {
  const lock = `${target}.lock`;
  for (;;) {
    if (await exists(target)) return target;
    try {
      await mkdir(lock, { recursive: false });
    } catch {
      if ((await lockAge(lock)) > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      const staging = `${target}.building-${process.pid}`;
      await rm(staging, { recursive: true, force: true });
      await make(staging);
      await rename(staging, target);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
