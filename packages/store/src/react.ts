/**
 * `@atrium/store/react`: the one React binding of `@atrium/store`.
 * `useStore(store, s => s.count)` re-renders only when the selected value changes.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { ReadableStore } from './create-store.js';

// A function declaration: the build compiles .ts as TSX too, where `<T>(…) =>` reads as a JSX tag.
function identity<T>(state: T): T {
  return state;
}

/** No state is this value: the first read always runs the selector. */
const UNSEEN = Symbol('unseen');

export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, U>(store: ReadableStore<T>, selector: (state: T) => U): U;
export function useStore<T, U>(
  store: ReadableStore<T>,
  selector: (state: T) => U = identity as (state: T) => U,
): U {
  // Memoised per state object: a selector that derives a fresh array or object (a filtered list) gives the
  // same reference until the state really changes, as useSyncExternalStore requires of getSnapshot.
  const getSnapshot = useMemo(() => {
    let seen: unknown = UNSEEN;
    let value: U;
    return () => {
      const state = store.getState();
      if (state !== seen) {
        seen = state;
        value = selector(state);
      }
      return value;
    };
  }, [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
