/**
 * Calls that arrive while one is under way share its answer instead of starting their own. For reads a
 * page load makes of a small file (the build's index.html stamp, the live release pointer): under load
 * they would otherwise queue by the hundred on libuv's four file threads, and the last one in the queue is
 * the page's p99. Each caller still gets an answer read after it was made or while it was made, so a change
 * on disk is seen by the next call that starts after the read in progress.
 */
export function sharedInFlight<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}
