/**
 * The page's search handler. An area declares search support with `setSearch(handler)`; the top bar
 * shows its search button only while a handler is set. Handlers are kept per owner, so an area that
 * unmounts late cannot clear the handler the next area already set.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';

export interface SearchSlotState {
  /** The most recent owner's handler, or null. */
  handler: (() => void) | null;
}

export interface SearchSlot extends ReadableStore<SearchSlotState> {
  set(owner: string, handler: (() => void) | null): void;
  release(owner: string): void;
}

export function createSearchSlot(): SearchSlot {
  const handlers = new Map<string, () => void>();
  const store = createStore<SearchSlotState>({ handler: null });
  const update = () => store.setState({ handler: [...handlers.values()].at(-1) ?? null });
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set(owner, handler) {
      handlers.delete(owner);
      if (handler) handlers.set(owner, handler);
      update();
    },
    release(owner) {
      handlers.delete(owner);
      update();
    },
  };
}
