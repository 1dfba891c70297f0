/**
 * `createReactLifecycles({ root, fallback })`: a React root component as single-spa lifecycles (bootstrap,
 * mount, unmount, update), for an application (login, shell) or a parcel (every area). A thin layer over
 * single-spa-react that fixes what every Atrium app wants alike:
 * - the page's one React (the shared System modules), handed over member by member: webpack's scope hoisting
 *   narrows a namespace import of an external (`import * as React`) to the members the bundle itself reads,
 *   and single-spa-react reads `React.Component` behind its back. Named imports keep every bundle on the
 *   same build configuration.
 * - one error boundary that keeps a render error inside the app and offers Retry (the `fallback` gets a
 *   `retry` that renders the root again), and logs the error once with the app's name;
 * - `hydrate: true` adopts server-rendered markup in the container (hydrateRoot) instead of replacing it.
 */
import { Component, createContext, createElement, version } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';

export { SingleSpaContext } from 'single-spa-react';

/** What the fallback gets: the error, and a way to render the app's root again. */
export interface RenderErrorProps {
  error: unknown;
  retry: () => void;
}

export interface ReactLifecyclesOptions<Props extends object> {
  /** What the app or parcel renders; it gets single-spa's props (name, singleSpa, mountParcel) and the custom ones. */
  root: ComponentType<Props & AppProps>;
  /** Shown in place of `root` when it throws while rendering. */
  fallback: ComponentType<RenderErrorProps>;
  /**
   * Where to render. Default: a parcel's `domElement`, else single-spa-react's
   * `<div id="single-spa-application:<name>">` in <body> (created when missing).
   */
  domElement?: (props: Props & AppProps) => HTMLElement;
  /** Adopt the markup already in the container (server-rendered) with hydrateRoot instead of replacing it. */
  hydrate?: boolean;
}

export interface ReactLifecycles<Props extends object> {
  bootstrap: LifeCycleFn<Props>;
  mount: LifeCycleFn<Props>;
  unmount: LifeCycleFn<Props>;
  /** Re-renders a mounted parcel with new props (the shell updates an area on a path change inside it). */
  update: LifeCycleFn<Props>;
}

interface BoundaryProps {
  name?: string;
  children?: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
}

function renderBoundary(Fallback: ComponentType<RenderErrorProps>) {
  return class RenderBoundary extends Component<BoundaryProps, BoundaryState> {
    override state: BoundaryState = { failed: false, error: null };

    static getDerivedStateFromError(error: unknown): BoundaryState {
      return { failed: true, error };
    }

    override componentDidCatch(error: unknown, info: ErrorInfo): void {
      console.error(`[atrium] ${this.props.name ?? 'an app'} failed to render`, error, info.componentStack);
    }

    private readonly retry = (): void => this.setState({ failed: false, error: null });

    override render(): ReactNode {
      return this.state.failed ? (
        <Fallback error={this.state.error} retry={this.retry} />
      ) : (
        this.props.children
      );
    }
  };
}

export function createReactLifecycles<Props extends object = object>(
  options: ReactLifecyclesOptions<Props>,
): ReactLifecycles<Props> {
  const lifecycles = singleSpaReact<Props>({
    React: { Component, createContext, createElement, version },
    ReactDOMClient: { createRoot, hydrateRoot },
    rootComponent: options.root,
    errorBoundaryClass: renderBoundary(options.fallback) as ComponentType as never,
    renderType: options.hydrate ? 'hydrateRoot' : 'createRoot',
    ...(options.domElement ? { domElementGetter: options.domElement } : {}),
  });
  const { bootstrap, mount, unmount, update } = lifecycles;
  // parcelCanUpdate defaults to true, so single-spa-react always provides update; the check keeps the type honest.
  if (!update) throw new Error('single-spa-react did not provide an update lifecycle');
  return { bootstrap, mount, unmount, update };
}
