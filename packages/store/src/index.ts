/**
 * `@atrium/store`: the one store primitive (`createStore`: getState / setState / subscribe), framework-free.
 * The React binding is a separate entry, `@atrium/store/react`, so a module that never renders React
 * (the notification bar, a core state machine) can use the store without pulling React in. Not one of the
 * import map's shared modules: it is a few hundred bytes, bundled into each module that uses it; a store
 * that a whole page shares (the session) is shared through its own package.
 */
export { createStore } from './create-store.js';
export type { ReadableStore, StatePatch, Store, StoreListener } from './create-store.js';
