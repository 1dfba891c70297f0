import { watch, type FSWatcher } from 'node:fs';

/** Re-read at least this often even with no change seen: a safety net where file events do not arrive. */
export const UNTIL_CHANGED_MAX_AGE_MS = 1000;

export interface ReadUntilChanged<T> {
  (): Promise<T>;
  /**
   * The kept value at once, when its read has finished and nothing changed since; else undefined (then call
   * the reader). For hot paths that would otherwise wait a turn of the microtask queue for a known value.
   */
  peek(): { value: T } | undefined;
  /** Stops watching (the server's close). */
  close(): void;
}

/**
 * A value read from files of one directory (the build's index.html and import map, the live release
 * pointer), kept until something in that directory changes. Reading them on every page load queued file
 * reads by the hundred on libuv's four file threads under load and was a sixth of the page's CPU time
 * (bench --load); a watch on the directory (inotify on Linux) costs nothing per request.
 *
 * - The directory is watched before each read starts, so a change made during a read is not missed; any
 *   event drops the kept value and the watch (a rebuild may replace the directory), and the next call
 *   reads and watches again. A change is seen by the first call that starts after its event arrives:
 *   the event is queued when the file is written, so a request sent after a publish finished finds it.
 * - Calls that arrive while a read is under way share it.
 * - Where the directory cannot be watched (missing, or no file events there) every call reads, as before
 *   the watch; a kept value is read again at least every UNTIL_CHANGED_MAX_AGE_MS all the same.
 * - A failed read is never kept.
 */
export function readUntilChanged<T>(
  dir: string,
  read: () => Promise<T>,
  maxAgeMs = UNTIL_CHANGED_MAX_AGE_MS,
): ReadUntilChanged<T> {
  let watcher: FSWatcher | null = null;
  /** The read under way, shared by the calls that arrive meanwhile. */
  let pending: Promise<T> | null = null;
  /** The last read, while nothing changed since it started. */
  let kept: Promise<T> | null = null;
  /** The kept read's value, once it has arrived. */
  let settled: { value: T } | undefined;
  let readAt = 0;

  const changed = (): void => {
    kept = null;
    settled = undefined;
    pending = null;
    watcher?.close();
    watcher = null;
  };
  const startWatching = (): void => {
    if (watcher) return;
    try {
      watcher = watch(dir, { persistent: false }, changed);
      watcher.on('error', changed);
    } catch {
      watcher = null; // not there (yet): read every time until it is
    }
  };

  const get = (): Promise<T> => {
    if (kept && performance.now() - readAt < maxAgeMs) return kept;
    if (pending) return pending;
    startWatching();
    readAt = performance.now();
    const reading = read();
    pending = reading;
    kept = watcher ? reading : null;
    settled = undefined;
    reading.then(
      (value) => {
        if (pending === reading) pending = null;
        if (kept === reading) settled = { value };
      },
      () => {
        if (pending === reading) pending = null;
        if (kept === reading) kept = null;
      },
    );
    return reading;
  };
  const peek = (): { value: T } | undefined =>
    settled && performance.now() - readAt < maxAgeMs ? settled : undefined;
  return Object.assign(get, { peek, close: changed });
}
