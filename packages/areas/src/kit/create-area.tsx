import { useMemo } from 'react';
import type { ComponentType } from 'react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { createReactLifecycles } from '@atrium/lifecycles/react';
import type { AreaProps } from '@atrium/ui';
import { AreaPropsContext } from './area-context';
import { toAreaProps } from './area-props';
import { AreaErrorFallback } from './AreaErrorFallback';

/** The shell's mark on server markup a React root hydrates (its server-render.ts). */
const PRERENDERED_ATTR = 'data-atrium-prerendered';

/** The lifecycles every `@atrium/area-<name>` module exports. */
export interface AreaLifecycles {
  bootstrap: LifeCycleFn<AreaProps>;
  mount: LifeCycleFn<AreaProps>;
  unmount: LifeCycleFn<AreaProps>;
  /** The shell updates a mounted parcel when the path changes inside the same area (e.g. ext/**). */
  update: LifeCycleFn<AreaProps>;
}

/**
 * Turns an area's root component into single-spa parcel lifecycles. React and ReactDOMClient are the
 * page's shared System modules, so every parcel renders with the shell's one React.
 */
export function createArea(Component: ComponentType): AreaLifecycles {
  function AreaRoot(props: Partial<AreaProps> & AppProps) {
    const { routePath, path, appKey, currentApplication, title, navigate, setDirty, setSearch } = props;
    const areaProps = useMemo(
      () =>
        toAreaProps({ routePath, path, appKey, currentApplication, title, navigate, setDirty, setSearch }),
      [routePath, path, appKey, currentApplication, title, navigate, setDirty, setSearch],
    );
    return (
      <AreaPropsContext value={areaProps}>
        <Component />
      </AreaPropsContext>
    );
  }
  AreaRoot.displayName = `Area(${Component.displayName ?? Component.name})`;

  return createReactLifecycles<AreaProps>({
    root: AreaRoot,
    fallback: AreaErrorFallback,
    // On a page the server rendered, the area's first screen is in its host already (the shell's
    // prerender): hydrate it, once. The host is the area's for the life of the page, and a later mount
    // renders afresh into the empty element the last unmount left.
    hydrate: (container) => {
      const served = container.hasAttribute(PRERENDERED_ATTR);
      container.removeAttribute(PRERENDERED_ATTR);
      return served;
    },
  });
}
