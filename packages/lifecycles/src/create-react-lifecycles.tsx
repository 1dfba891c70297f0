/**
 * `createReactLifecycles({ root, fallback })`: a React root component as single-spa lifecycles (bootstrap,
 * mount, unmount, update), for an application (login, shell) or a parcel (every area). The one way an Atrium
 * React app becomes lifecycles. It is single-spa-react's `singleSpaReact`, the helper other teams' areas use
 * too, so Atrium's apps and theirs follow one convention. single-spa-react gives:
 * - one root per application or parcel name, in the parcel's `domElement`, else `domElementGetter`'s element,
 *   else `<div id="single-spa-application:<name>">` in <body> (created when missing);
 * - single-spa's props in its `SingleSpaContext` (the shell's areas mount as parcels of the shell app);
 * - mount, update and unmount resolved once React has committed (its root component's componentDidMount,
 *   render and componentWillUnmount, then a task), the fallback's commit included.
 * What Atrium adds around it, as single-spa-react's options or around its mount:
 * - the error boundary (`errorBoundaryClass`): a render error stays inside the app, the `fallback` gets a
 *   `retry` that renders the root again, and the error is logged once with the app's name;
 * - `hydrate` (through `renderType`, chosen per mount): hydrateRoot adopts server-rendered markup in the
 *   container instead of replacing it, as a transition, so React hydrates in slices that yield to input (the
 *   login page), with the user's events held back from React until the hydration's first effects have run
 *   (hold-events.ts);
 * - a mount renders at once when the user has just acted (they are waiting for it: Sign In, an area switch),
 *   and as a transition during the page's own load (it yields to input).
 *
 * docs/decisions.md, "Lifecycles: Atrium's apps get theirs from single-spa-react, through
 * createReactLifecycles", has what it costs.
 */
// The modules' default exports, React's whole CommonJS exports (the build's shims give each System module a
// `default`): a namespace (`import * as React`) handed to single-spa-react would come out of the build's
// scope hoisting with only the members this bundle reads itself (webpack.config.ts), and it reads others.
import React from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { holdEventsFrom } from './hold-events';

/**
 * single-spa's props of the application or parcel being rendered: single-spa-react's own context, the one
 * outside teams' areas read. Created by the first `singleSpaReact` call (with the page's React), which every
 * module that renders it has made by then.
 */
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
   * Where to render when single-spa gives no `domElement` (a parcel's): single-spa-react's
   * `domElementGetter`. Default: `<div id="single-spa-application:<name>">` in <body>, created when missing.
   */
  domElement?: (props: Props & AppProps) => HTMLElement;
  /**
   * Adopt the markup already in the container (server-rendered) with hydrateRoot instead of replacing it;
   * a function decides per mount from the container (the login page hydrates only the served page's form).
   */
  hydrate?: boolean | ((container: HTMLElement) => boolean);
}

export interface ReactLifecycles<Props extends object> {
  bootstrap: LifeCycleFn<Props>;
  mount: LifeCycleFn<Props>;
  unmount: LifeCycleFn<Props>;
  /** Re-renders a mounted parcel with new props (the shell updates an area on a path change inside it). */
  update: LifeCycleFn<Props>;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Runs `onEffects` once the first commit's effects have run: the stores' subscriptions are in place and the
 * takeover of what was typed (the login's UsernameStep) is done, so an event let through now finds the app
 * ready for it. Effects run after the tree's own (children first), and all in one go.
 */
function AfterEffects({ onEffects, children }: { onEffects: () => void; children: ReactNode }) {
  React.useEffect(onEffects, [onEffects]);
  return children;
}

/**
 * single-spa-react's `errorBoundaryClass`: the fallback with Retry in place of a root that threw, and the end
 * of a hydration's event hold (`holds`, by name) once the first effects have run, the fallback's included.
 */
function renderBoundary<Props extends AppProps>(
  Fallback: ComponentType<RenderErrorProps>,
  holds: Map<string, () => void>,
): React.ComponentClass<Props> {
  // single-spa-react renders it with single-spa's props (the app's name among them) around the root.
  return class RenderBoundary extends React.Component<Props & { children?: ReactNode }, BoundaryState> {
    override state: BoundaryState = { failed: false, error: null };

    static getDerivedStateFromError(error: unknown): BoundaryState {
      return { failed: true, error };
    }

    override componentDidCatch(error: unknown, info: ErrorInfo): void {
      console.error(`[atrium] ${this.props.name} failed to render`, error, info.componentStack);
    }

    private readonly retry = (): void => this.setState({ failed: false, error: null });

    private readonly release = (): void => {
      holds.get(this.props.name)?.();
      holds.delete(this.props.name);
    };

    override render(): ReactNode {
      return (
        <AfterEffects onEffects={this.release}>
          {this.state.failed ? <Fallback error={this.state.error} retry={this.retry} /> : this.props.children}
        </AfterEffects>
      );
    }
  };
}

/**
 * True while the page has the user's transient activation: a click or a key a moment ago (a few seconds in
 * Chromium), so what mounts now is what they are waiting for. Without the API (older browsers), false.
 */
function userJustActed(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)
    ?.userActivation;
  return activation?.isActive === true;
}

type RenderType = 'createRoot' | 'hydrateRoot';

export function createReactLifecycles<Props extends object = object>(
  options: ReactLifecyclesOptions<Props>,
): ReactLifecycles<Props> {
  const { hydrate, domElement } = options;
  const holds = new Map<string, () => void>();
  // What mount() chose for the mount under way: single-spa-react reads it synchronously inside that mount.
  let renderType: RenderType = 'createRoot';

  const lifecycles = singleSpaReact<Props>({
    React,
    ReactDOMClient,
    rootComponent: options.root,
    errorBoundaryClass: renderBoundary<Props & AppProps>(options.fallback, holds),
    ...(domElement && { domElementGetter: domElement }),
    renderType: () => renderType,
  });
  const { bootstrap, unmount } = lifecycles;
  // There whenever `parcelCanUpdate` is left at its default (true).
  const update = lifecycles.update as LifeCycleFn<Props>;

  /**
   * The container single-spa-react will render into, where it exists already (server markup can only be in
   * one that does): the parcel's, the getter's, or single-spa-react's default application element.
   */
  const existingContainer = (props: Props & AppProps & { domElement?: HTMLElement }) =>
    props.domElement ??
    domElement?.(props) ??
    document.getElementById(`single-spa-application:${props.name}`);

  return {
    bootstrap,
    update,
    unmount,
    mount: (props) => {
      const appProps = props as Props & AppProps;
      const container = hydrate ? existingContainer(appProps) : null;
      const hydrating = container !== null && (typeof hydrate === 'function' ? hydrate(container) : true);
      renderType = hydrating ? 'hydrateRoot' : 'createRoot';
      let mounted: Promise<unknown> = Promise.resolve();
      const render = () => void (mounted = lifecycles.mount(props));
      if (hydrating) {
        // At the default priority React 19 hydrates the whole tree in one task; as a transition it yields
        // to the browser every few milliseconds. An input meanwhile would hydrate at once what it needs
        // (the whole root), so the user's events are held back from React until its first effects.
        holds.set(appProps.name, holdEventsFrom(container));
        React.startTransition(render);
      } else if (userJustActed()) {
        // Now, not in a task of its own: the user is watching for this (Sign In, an area switch), and a
        // parcel mounted from its host's commit (the shell's areas) then reaches the screen in the same
        // frame as the host, one style and layout pass for both (Sign In to the home h1).
        flushSync(render);
      } else {
        // A mount during the page's own load: in slices that yield, so a key or a tap meanwhile is
        // handled at once rather than after the whole first render (the shell page's TBT).
        React.startTransition(render);
      }
      return mounted;
    },
  };
}
