/**
 * Loads area modules (`@atrium/area-<name>`) on first visit and keeps their parcel configs, so going back
 * to an area mounts it at once. A load that fails or takes too long leaves an 'error' entry; `retry`
 * removes the failed module from the loader's registry first, so the browser really fetches it again
 * (SystemJS otherwise remembers the failure and answers it from memory).
 *
 * Framework-free: the module registry (SystemJS) and the timers are injected.
 */
import type { ParcelConfigObject } from 'single-spa';
import { hasLifecycles, isLifecycle } from '@atrium/lifecycles';
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';

export interface ModuleRegistry {
  import(name: string): Promise<unknown>;
  resolve(name: string): string;
  /**
   * Removes a module record (SystemJS's full build). The minimal `s.js` build has no registry API: then
   * a retry imports the module's URL with a `?atrium-retry=<n>` query, a new record the browser fetches.
   */
  delete?: (id: string) => unknown;
  /**
   * Makes `toUrl` carry the integrity hash of `fromUrl`, so a retry under a fresh URL is checked exactly
   * like the original (Subresource Integrity must not lapse on the second attempt).
   */
  carryIntegrity?: (fromUrl: string, toUrl: string) => void;
}

export type AreaEntry =
  | { status: 'idle' }
  | { status: 'loading'; attempt: number }
  | { status: 'loaded'; attempt: number; config: ParcelConfigObject }
  | { status: 'error'; attempt: number; error: AreaLoadError };

export class AreaLoadError extends Error {
  override readonly name = 'AreaLoadError';
  constructor(
    readonly moduleName: string,
    readonly reason: 'failed' | 'timeout' | 'invalid',
    override readonly cause?: unknown,
  ) {
    super(
      reason === 'timeout'
        ? `${moduleName} did not load in time`
        : reason === 'invalid'
          ? `${moduleName} is not a parcel module`
          : `${moduleName} failed to load`,
    );
  }
}

export interface AreaLoaderDeps {
  registry: ModuleRegistry;
  /** Loads what a module needs besides its code (its stylesheets), in parallel with its import. */
  before?: (name: string) => Promise<void> | null;
  /**
   * Called as the module's parcel starts mounting (its stylesheets on); what it returns is called once the
   * parcel has unmounted, or its mount has failed.
   */
  whileMounted?: (name: string) => () => void;
  timeoutMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

export interface AreaLoaderState {
  /** Every area module asked for so far, by import-map name; `areaEntry` reads one. */
  entries: ReadonlyMap<string, AreaEntry>;
}

export interface AreaLoader extends ReadableStore<AreaLoaderState> {
  load(name: string): Promise<ParcelConfigObject>;
  /**
   * Loads ahead of need (the login page's and the boot's warm-up). A failure is nobody's to see yet: the
   * entry goes back to 'idle', with the module forgotten, so the shell's own load fetches it afresh.
   */
  prefetch(name: string): Promise<void>;
  /** Forget the module (also in the registry) and load it again. */
  retry(name: string): Promise<ParcelConfigObject>;
}

export const DEFAULT_AREA_TIMEOUT_MS = 15_000;
const IDLE: AreaEntry = Object.freeze({ status: 'idle' });

/** Where the module `name` stands: 'idle' until it is first asked for. */
export function areaEntry(state: AreaLoaderState, name: string): AreaEntry {
  return state.entries.get(name) ?? IDLE;
}

/**
 * Accepts a module whose namespace holds the lifecycles (`export const { bootstrap, mount, unmount }`) or
 * whose default export does, and copies them into a plain object: single-spa keeps state on the config.
 */
export function toParcelConfig(moduleName: string, namespace: unknown): ParcelConfigObject {
  const candidates = [namespace, (namespace as { default?: unknown } | null)?.default];
  for (const candidate of candidates) {
    if (hasLifecycles(candidate)) {
      const { bootstrap, mount, unmount } = candidate;
      const { update } = candidate as { update?: unknown };
      const config: ParcelConfigObject = { name: moduleName, bootstrap, mount, unmount };
      if (isLifecycle(update)) config.update = update;
      return config;
    }
  }
  throw new AreaLoadError(moduleName, 'invalid');
}

type Lifecycle = ParcelConfigObject['mount'];
type LifecycleProps = Parameters<Exclude<Lifecycle, readonly unknown[]>>[0];

/** Runs a lifecycle as single-spa does: a function, or an array of functions one after another. */
async function inSeries(lifecycle: Lifecycle, props: LifecycleProps): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) await fn(props);
}

export function createAreaLoader(deps: AreaLoaderDeps): AreaLoader {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_AREA_TIMEOUT_MS;
  const setTimeoutFn = deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimeoutFn =
    deps.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
  const store = createStore<AreaLoaderState>({ entries: new Map() });
  const pending = new Map<string, Promise<ParcelConfigObject>>();
  const attempts = new Map<string, number>();
  /** Import specifier to use instead of the name, after a retry on a registry that cannot delete. */
  const freshSpecifiers = new Map<string, string>();

  /** A new map each time: the snapshot React compares must change when one entry does. */
  function set(name: string, entry: AreaEntry): void {
    store.setState(({ entries }) => ({ entries: new Map(entries).set(name, entry) }));
  }

  function importWithTimeout(name: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeoutFn(() => reject(new AreaLoadError(name, 'timeout')), timeoutMs);
      const imported = deps.registry.import(freshSpecifiers.get(name) ?? name);
      // Without stylesheets to wait for, the import alone: no extra turn before the area mounts.
      const before = deps.before?.(name) ?? null;
      const ready = before ? Promise.all([imported, before]).then(([value]) => value) : imported;
      ready.then(
        (value) => {
          clearTimeoutFn(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeoutFn(timer);
          reject(new AreaLoadError(name, 'failed', error));
        },
      );
    });
  }

  /** `config` with `whileMounted` around its mount and unmount (arrays of lifecycles run in order). */
  function heldWhileMounted(name: string, config: ParcelConfigObject): ParcelConfigObject {
    const hold = deps.whileMounted;
    if (!hold) return config;
    let release: (() => void) | null = null;
    const letGo = (): void => {
      release?.();
      release = null;
    };
    return {
      ...config,
      mount: async (props) => {
        release ??= hold(name);
        try {
          await inSeries(config.mount, props);
        } catch (error) {
          letGo();
          throw error;
        }
      },
      unmount: async (props) => {
        try {
          await inSeries(config.unmount, props);
        } finally {
          letGo();
        }
      },
    };
  }

  function load(name: string): Promise<ParcelConfigObject> {
    const entry = areaEntry(store.getState(), name);
    return entry.status === 'loaded' ? Promise.resolve(entry.config) : start(name);
  }

  /** Imports the module now, whatever its entry says, unless an import of it is already running. */
  function start(name: string, quiet = false): Promise<ParcelConfigObject> {
    const running = pending.get(name);
    if (running) return running;
    const attempt = (attempts.get(name) ?? 0) + 1;
    attempts.set(name, attempt);
    set(name, { status: 'loading', attempt });
    const promise = importWithTimeout(name)
      .then((namespace) => {
        const config = heldWhileMounted(name, toParcelConfig(name, namespace));
        set(name, { status: 'loaded', attempt, config });
        return config;
      })
      .catch((error: unknown) => {
        const loadError = error instanceof AreaLoadError ? error : new AreaLoadError(name, 'failed', error);
        if (quiet) {
          // Before the entry changes: a load its listeners start at once must not find this attempt.
          release();
          forget(name);
          set(name, IDLE);
        } else {
          set(name, { status: 'error', attempt, error: loadError });
        }
        throw loadError;
      })
      .finally(release);
    // Only this attempt's own entry: a load started meanwhile (after a quiet failure) keeps its own.
    function release(): void {
      if (pending.get(name) === promise) pending.delete(name);
    }
    pending.set(name, promise);
    return promise;
  }

  function forget(name: string): void {
    let url: string;
    try {
      url = deps.registry.resolve(name);
    } catch {
      return; // Not in the import map: the next import fails the same way, and says so.
    }
    if (deps.registry.delete) {
      try {
        deps.registry.delete(url);
        return;
      } catch {
        // This registry cannot delete after all: fall through to a fresh URL.
      }
    }
    const attempt = (attempts.get(name) ?? 0) + 1;
    const freshUrl = `${url}${url.includes('?') ? '&' : '?'}atrium-retry=${attempt}`;
    deps.registry.carryIntegrity?.(url, freshUrl);
    freshSpecifiers.set(name, freshUrl);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load,
    prefetch(name) {
      if (areaEntry(store.getState(), name).status !== 'idle') return Promise.resolve();
      return start(name, true).then(
        () => undefined,
        () => undefined,
      );
    },
    retry(name) {
      const running = pending.get(name);
      if (running) return running;
      forget(name);
      return start(name);
    },
  };
}

/** SystemJS's global loader, looked up on each call (it is on the page before any app runs). */
function system(): ModuleRegistry {
  const loader = (globalThis as { System?: ModuleRegistry }).System;
  if (!loader) throw new Error('SystemJS is not on the page');
  return loader;
}

export const systemRegistry: ModuleRegistry = {
  import: (name) => system().import(name),
  resolve: (name) => system().resolve(name),
  delete: (id) => {
    const loader = system();
    // The minimal s.js build has no delete: report "not deleted" and let the loader use a fresh URL.
    if (typeof loader.delete !== 'function') throw new TypeError('System.delete is not available');
    return loader.delete(id);
  },
  carryIntegrity: (fromUrl, toUrl) => {
    const loader = (globalThis as { System?: SystemImportMaps }).System;
    const integrity = loader?.getImportMap?.().integrity?.[fromUrl];
    if (integrity) loader?.addImportMap?.({ integrity: { [toUrl]: integrity } });
  },
};

/** The import-map API of SystemJS (present in the minimal s.js build too). */
interface SystemImportMaps {
  getImportMap?: () => { integrity?: Record<string, string> };
  addImportMap?: (map: { integrity: Record<string, string> }) => void;
}

/** True when the page's SystemJS can forget a module record (decided at call time). */
export function systemCanDelete(): boolean {
  return typeof (globalThis as { System?: Partial<ModuleRegistry> }).System?.delete === 'function';
}
