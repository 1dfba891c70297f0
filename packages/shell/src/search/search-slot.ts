/**
 * The page's search handler. An area declares search support with `setSearch(handler)`; the top bar
 * shows its search button only while a handler is set. Handlers are kept per owner, so an area that
 * unmounts late cannot clear the handler the next area already set.
 */
export interface SearchSlot {
  set(owner: string, handler: (() => void) | null): void;
  /** The most recent owner's handler, or null. */
  get(): (() => void) | null;
  release(owner: string): void;
  subscribe(listener: () => void): () => void;
}

export function createSearchSlot(): SearchSlot {
  const handlers = new Map<string, () => void>();
  let current: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const update = () => {
    const last = [...handlers.values()].at(-1) ?? null;
    if (last === current) return;
    current = last;
    for (const listener of [...listeners]) listener();
  };
  return {
    set(owner, handler) {
      handlers.delete(owner);
      if (handler) handlers.set(owner, handler);
      update();
    },
    get: () => current,
    release(owner) {
      handlers.delete(owner);
      update();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
