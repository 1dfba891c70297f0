import { useSyncExternalStore } from 'react';
import type { Store } from '../core/store';

/** The thin React binding of a core store. */
export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
