/**
 * The one external store of the code base: an immutable snapshot, a setter that merges, and listeners.
 * Framework-free (no React here: legacy-page widgets and the login page load this part alone); the React
 * binding is `useStore` in `@atrium/store/react`, over `useSyncExternalStore`.
 */

/** Told after each real change, with the new state and the one it replaced. */
export type StoreListener<T> = (state: T, previous: T) => void;

/** What a reader needs: the snapshot and a way to hear about the next one. What `useStore` takes. */
export interface ReadableStore<T> {
  /** The current snapshot: the same object until something changes, so React can compare by identity. */
  getState(): T;
  /** Returns the unsubscribe function. Bound: safe to pass around without its store. */
  subscribe(listener: () => void): () => void;
}

export type StatePatch<T> = Partial<T> | ((state: T) => Partial<T>);

export interface Store<T extends object> extends ReadableStore<T> {
  subscribe(listener: StoreListener<T>): () => void;
  /**
   * Shallow-merge `patch` (or what it returns given the state) into a new snapshot. Listeners hear about it
   * only when a value really changed (`Object.is`), so a redundant write re-renders nothing.
   */
  setState(patch: StatePatch<T>): void;
  /** Swap in a whole new state (a reset): listeners hear about it unless it is the same object. */
  setState(next: T | ((state: T) => T), replace: true): void;
}

/** True when some own key of `patch` holds another value than `state` has (own keys only: a legacy page
 * may have added enumerable keys to Object.prototype). */
function changes<T extends object>(state: T, patch: Partial<T>): boolean {
  return Object.keys(patch).some((key) => !Object.is(patch[key as keyof T], state[key as keyof T]));
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<StoreListener<T>>();

  function setState(update: StatePatch<T> | T | ((state: T) => T), replace?: true): void {
    const value = typeof update === 'function' ? (update as (state: T) => Partial<T>)(state) : update;
    const next = replace ? (value as T) : changes(state, value) ? { ...state, ...value } : state;
    if (next === state) return;
    const previous = state;
    state = next;
    // A copy: a listener that unsubscribes (or subscribes another) while we notify must not skip anyone.
    for (const listener of [...listeners]) listener(state, previous);
  }

  return {
    getState: () => state,
    setState,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
