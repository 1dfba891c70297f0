/**
 * Notices a newer deployed build. The running build's stamp is in `<meta name="atrium-build">`; the
 * deployed one is `/build.json` (served no-cache). A different stamp means 'available'; a server whose
 * `sis.min_build_stamp` is newer than the running stamp means 'required' (the API may have moved on).
 *
 * Checks run on an interval and whenever the tab becomes visible again (people leave tabs open for days).
 * Framework-free; timers, fetch and visibility are injected.
 */
import type { Transport } from '@atrium/api';

export type UpdateStatus = 'none' | 'available' | 'required';

/** Stamps look like 2025_10_27_103446: zero-padded, so string order is time order. */
const STAMP = /^\d{4}_\d{2}_\d{2}_\d{6}$/;

export function isStamp(value: unknown): value is string {
  return typeof value === 'string' && STAMP.test(value);
}

export function updateStatus(input: {
  running: string | null;
  latest: string | null;
  minimum: string | null;
}): UpdateStatus {
  const { running, latest, minimum } = input;
  // An unfilled template (`{{BUILD_STAMP}}`) or a dev page has no stamp: nothing to compare with.
  if (!isStamp(running)) return 'none';
  if (isStamp(minimum) && minimum > running) return 'required';
  if (isStamp(latest) && latest !== running) return 'available';
  return 'none';
}

export interface UpdateCheckerDeps {
  /** The deployed stamp, or null when it cannot be read right now (offline, server restarting). */
  fetchLatestStamp: () => Promise<string | null>;
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
  /** Calls back when the page becomes visible; returns an unsubscribe. */
  onVisible?: (fn: () => void) => () => void;
}

export interface UpdateChecker {
  /** The latest deployed stamp seen so far (null until a check succeeds). */
  getLatest(): string | null;
  subscribe(listener: () => void): () => void;
  check(): Promise<void>;
  start(): () => void;
}

export const DEFAULT_UPDATE_INTERVAL_MS = 5 * 60 * 1000;

export function createUpdateChecker(deps: UpdateCheckerDeps): UpdateChecker {
  const intervalMs = deps.intervalMs ?? DEFAULT_UPDATE_INTERVAL_MS;
  const setIntervalFn = deps.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const clearIntervalFn =
    deps.clearInterval ?? ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
  let latest: string | null = null;
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  async function run(): Promise<void> {
    let stamp: string | null = null;
    try {
      stamp = await deps.fetchLatestStamp();
    } catch {
      // A failed check is not news: try again on the next tick.
      return;
    }
    if (!isStamp(stamp) || stamp === latest) return;
    latest = stamp;
    for (const listener of [...listeners]) listener();
  }

  return {
    getLatest: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check() {
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    start() {
      const tick = () => void this.check();
      tick();
      const id = setIntervalFn(tick, intervalMs);
      const stopVisible = deps.onVisible?.(tick) ?? (() => {});
      return () => {
        clearIntervalFn(id);
        stopVisible();
      };
    },
  };
}

/**
 * Reads `/build.json` past every cache, through the page's transport (so a hung server is a timeout, not a
 * check that never ends and holds every later one back). A failed read rejects; the checker tries again.
 */
export function fetchBuildStamp(transport: Pick<Transport, 'request'>) {
  return async (): Promise<string | null> => {
    const { json } = await transport.request({ method: 'GET', path: '/build.json', cache: 'no-store' });
    const stamp = typeof json === 'object' && json !== null ? (json as { stamp?: unknown }).stamp : null;
    return isStamp(stamp) ? stamp : null;
  };
}

/** The stamp of the build this page runs, from `<meta name="atrium-build" content>`. */
export function runningBuildStamp(doc: Document | undefined = globalThis.document): string | null {
  const content = doc?.querySelector('meta[name="atrium-build"]')?.getAttribute('content') ?? null;
  return isStamp(content) ? content : null;
}

export function onDocumentVisible(doc: Document = document) {
  return (fn: () => void): (() => void) => {
    const listener = () => {
      if (doc.visibilityState === 'visible') fn();
    };
    doc.addEventListener('visibilitychange', listener);
    return () => doc.removeEventListener('visibilitychange', listener);
  };
}
