/**
 * The slice of the SystemJS global the root config uses. Applications are System modules named in the
 * import map, so they are loaded through SystemJS, never bundled into the root config.
 */
import type { LifeCycles } from 'single-spa';
import { hasLifecycles } from '@atrium/lifecycles';
import { RootConfigError } from './errors';

export interface SystemLoader {
  import(id: string): Promise<unknown>;
  /** `true` re-reads import-map scripts added since the first import (import-map-overrides adds one). */
  prepareImport(doProcessScripts?: boolean): Promise<void>;
}

export function systemLoader(global: object = globalThis): SystemLoader {
  const candidate = (global as { System?: SystemLoader }).System;
  if (!candidate || typeof candidate.import !== 'function') {
    throw new RootConfigError('no-systemjs', 'SystemJS is not loaded on this page');
  }
  return candidate;
}

/**
 * single-spa loading function for an import-map name. Checks the lifecycles here so a module that loads but
 * exports the wrong thing fails with its name in the message instead of single-spa's generic error.
 */
export function applicationLoader(name: string, loader: () => SystemLoader = systemLoader) {
  return async (): Promise<LifeCycles> => {
    const module = await loader().import(name);
    if (!hasLifecycles(module)) {
      throw new RootConfigError(
        'not-an-application',
        `${name} does not export the single-spa lifecycles bootstrap, mount and unmount`,
      );
    }
    return module;
  };
}
