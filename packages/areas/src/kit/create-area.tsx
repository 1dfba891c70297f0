import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ComponentType } from 'react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import type { AreaProps } from '@atrium/ui';
import { AreaPropsContext } from './area-context';
import { toAreaProps } from './area-props';
import { AreaErrorFallback } from './AreaErrorFallback';

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
    const areaProps = React.useMemo(
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

  const lifecycles = singleSpaReact<AreaProps>({
    React,
    ReactDOMClient,
    rootComponent: AreaRoot,
    errorBoundary: (error) => {
      console.error('[atrium] an area failed to render', error);
      return <AreaErrorFallback />;
    },
  });
  const { bootstrap, mount, unmount, update } = lifecycles;
  // parcelCanUpdate defaults to true, so single-spa-react always provides update; the check keeps the type honest.
  if (!update) throw new Error('single-spa-react did not provide an update lifecycle');
  return { bootstrap, mount, unmount, update };
}
