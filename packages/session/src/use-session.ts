/**
 * The thin React binding: `useSession(s => s.sis)` re-renders only when the selected value changes.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { session as defaultSession } from './singleton.js';
import type { SessionState, SessionStore } from './store.js';

export function useSession<T>(
  selector: (state: SessionState) => T,
  store: Pick<SessionStore, 'getState' | 'subscribe'> = defaultSession,
): T {
  // Memoise per state object, so a selector that derives a fresh array or object (e.g. a filtered
  // notification list) returns the same reference until the state really changes, as
  // useSyncExternalStore requires.
  const getSnapshot = useMemo(() => {
    let last: { state: SessionState; value: T } | null = null;
    return () => {
      const state = store.getState();
      if (last !== null && last.state === state) return last.value;
      const value = selector(state);
      last = { state, value };
      return value;
    };
  }, [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
