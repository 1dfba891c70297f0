/**
 * The current pathname as an external store. It listens to `popstate` (which single-spa also fires for
 * pushState/replaceState, and holds back until a `cancelNavigation` is decided, so a cancelled
 * navigation never reaches the shell) and to single-spa's `routing-event`.
 *
 * A read-only view of the address bar rather than a `createStore`: the browser owns this state, so the
 * store reads it on demand (one snapshot object per distinct address, as `useStore` needs) and listens to
 * the window only while someone subscribes.
 */
import type { ReadableStore } from '@atrium/store';

export interface LocationLike {
  readonly pathname: string;
  readonly search: string;
}

export interface LocationSource {
  location: LocationLike;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface LocationState {
  readonly pathname: string;
  readonly search: string;
}

export type LocationStore = ReadableStore<LocationState>;

const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

export function createLocationStore(source: LocationSource): LocationStore {
  let snapshot: LocationState = { pathname: source.location.pathname, search: source.location.search };
  return {
    getState() {
      const { pathname, search } = source.location;
      if (pathname !== snapshot.pathname || search !== snapshot.search) snapshot = { pathname, search };
      return snapshot;
    },
    subscribe(listener) {
      for (const type of EVENTS) source.addEventListener(type, listener);
      return () => {
        for (const type of EVENTS) source.removeEventListener(type, listener);
      };
    },
  };
}

/** True for clicks the browser should handle itself (new tab, new window, download). */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
