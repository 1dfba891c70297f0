/**
 * `@atrium/lifecycles`: single-spa lifecycles, in one place. This entry is framework-free (the lifecycle
 * check the root config and the shell's area loader share, and the page's load-error notice both show);
 * `@atrium/lifecycles/react` has `createReactLifecycles`, the one way a React app or parcel (login, shell,
 * every area) becomes lifecycles. Not an import-map module: bundled into each module that uses it.
 */
export { hasLifecycles, isLifecycle } from './lifecycle-check.js';
export type { Lifecycle } from './lifecycle-check.js';
export { showLoadError } from './load-error.js';
