/**
 * `@atrium/store/react`: the one React binding of `@atrium/store`.
 * `useStore(store, s => s.count)` re-renders only when the selected value changes.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { ReadableStore } from './create-store.js';

const identity = <T>(state: T): T => state;

export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, U>(store: ReadableStore<T>, selector: (state: T) => U): U;
export function useStore<T, U>(
  store: ReadableStore<T>,
  selector: (state: T) => U = identity as (state: T) => U,
): U {
  // Memoised per state object: a selector that derives a fresh array or object (a filtered list) gives the
  // same reference until the state really changes, as useSyncExternalStore requires of getSnapshot.
  const getSnapshot = useMemo(() => {
    let last: { state: T; value: U } | null = null;
    return () => {
      const state = store.getState();
      if (last === null || last.state !== state) last = { state, value: selector(state) };
      return last.value;
    };
  }, [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
