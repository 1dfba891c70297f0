/**
 * The current pathname as an external store. It listens to `popstate` (which single-spa also fires for
 * pushState/replaceState, and holds back until a `cancelNavigation` is decided, so a cancelled
 * navigation never reaches the shell) and to single-spa's `routing-event`.
 */
export interface LocationLike {
  readonly pathname: string;
  readonly search: string;
}

export interface LocationSource {
  location: LocationLike;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface LocationStore {
  getPathname(): string;
  getSearch(): string;
  subscribe(listener: () => void): () => void;
}

const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

export function createLocationStore(source: LocationSource): LocationStore {
  return {
    getPathname: () => source.location.pathname,
    getSearch: () => source.location.search,
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
