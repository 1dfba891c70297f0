/**
 * The one check that a loaded module is a single-spa application or parcel: bootstrap, mount and unmount
 * are each a function or an array of functions (single-spa accepts both). The root config runs it on every
 * application it imports, the shell on every area module, so a module that loads but exports the wrong
 * thing fails with its own name instead of single-spa's generic error.
 */
import type { LifeCycles } from 'single-spa';

export type Lifecycle = LifeCycles['mount'];

export function isLifecycle(value: unknown): value is Lifecycle {
  return (
    typeof value === 'function' || (Array.isArray(value) && value.every((item) => typeof item === 'function'))
  );
}

/** True when `value` (a module namespace or an object) holds bootstrap, mount and unmount lifecycles. */
export function hasLifecycles(value: unknown): value is LifeCycles {
  // Written for size too: the root config carries it on the login page (JS budget).
  const module = value as Partial<Record<keyof LifeCycles, unknown>> | null;
  return (
    typeof value === 'object' &&
    isLifecycle(module?.bootstrap) &&
    isLifecycle(module?.mount) &&
    isLifecycle(module?.unmount)
  );
}
