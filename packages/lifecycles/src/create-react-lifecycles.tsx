/**
 * `createReactLifecycles({ root, fallback })`: a React root component as single-spa lifecycles (bootstrap,
 * mount, unmount, update), for an application (login, shell) or a parcel (every area). The one way an Atrium
 * React app becomes lifecycles, with what every app wants alike:
 * - one root per application or parcel name, in the parcel's `domElement` or else in
 *   `<div id="single-spa-application:<name>">` in <body> (created when missing), the container
 *   single-spa-react uses, so single-spa's tooling finds it where it expects;
 * - single-spa's props in `SingleSpaContext` (the shell's areas mount as parcels of the shell app);
 * - one error boundary that keeps a render error inside the app and offers Retry (the `fallback` gets a
 *   `retry` that renders the root again), and logs the error once with the app's name;
 * - `hydrate` adopts server-rendered markup in the container (hydrateRoot) instead of replacing it, as a
 *   transition: React then hydrates in slices that yield to input (the login page), with the
 *   user's events held back from React until the hydration's first effects have run (hold-events.ts);
 * - mount and update resolve once React has committed the tree (fallback included);
 * - a mount renders at once when the user has just acted (they are waiting for it: Sign In, an area switch),
 *   and as a transition during the page's own load (it yields to input).
 *
 * Written here rather than taken from single-spa-react (decisions.md): its 2.2 KB gzip (legacy render modes,
 * root loaders, version checks) did not fit the login page's JS budget, and this is all Atrium used of it.
 */
import { Component, createContext, startTransition, useEffect } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { AppProps, CustomProps, LifeCycleFn } from 'single-spa';
import { holdEventsFrom } from './hold-events';

/** single-spa's props of the application or parcel being rendered; undefined outside one. */
export const SingleSpaContext = createContext<(CustomProps & AppProps) | undefined>(undefined);

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
   * Where to render when single-spa gives no `domElement` (a parcel's). Default:
   * `<div id="single-spa-application:<name>">` in <body>, created when missing.
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

interface BoundaryProps {
  name: string;
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
      console.error(`[atrium] ${this.props.name} failed to render`, error, info.componentStack);
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

/**
 * Calls `onCommit` after each commit of the tree it wraps: what resolves mount() and update(). `onEffects`
 * runs once the first commit's effects have run: the stores' subscriptions are in place and the takeover of
 * what was typed (the login's UsernameStep) is done, so an event let through now finds the app ready for it.
 * Effects run after the tree's own (children first), and all in one go.
 */
function Committed({
  onCommit,
  onEffects,
  children,
}: {
  onCommit: () => void;
  onEffects?: (() => void) | undefined;
  children: ReactNode;
}) {
  useEffect(() => onEffects?.(), [onEffects]);
  useEffect(onCommit);
  return children;
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

function defaultContainer(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    document.body.appendChild(element);
  }
  return element;
}

export function createReactLifecycles<Props extends object = object>(
  options: ReactLifecyclesOptions<Props>,
): ReactLifecycles<Props> {
  const { root: Root, hydrate } = options;
  const Boundary = renderBoundary(options.fallback);
  const roots = new Map<string, Root>();

  const tree = (props: Props & AppProps, onCommit: () => void, onEffects?: () => void) => (
    <SingleSpaContext value={props}>
      <Committed onCommit={onCommit} onEffects={onEffects}>
        <Boundary name={props.name}>
          <Root {...props} />
        </Boundary>
      </Committed>
    </SingleSpaContext>
  );

  return {
    bootstrap: async () => {},
    mount: (props) =>
      new Promise<void>((resolve) => {
        const appProps = props as Props & AppProps & { domElement?: HTMLElement };
        const container =
          appProps.domElement ?? options.domElement?.(appProps) ?? defaultContainer(appProps.name);
        if (typeof hydrate === 'function' ? hydrate(container) : hydrate) {
          // At the default priority React 19 hydrates the whole tree in one task; as a transition it yields
          // to the browser every few milliseconds. An input meanwhile would hydrate at once what it needs
          // (the whole root), so the user's events are held back from React until its first effects.
          const app = tree(appProps, resolve, holdEventsFrom(container));
          startTransition(() => void roots.set(appProps.name, hydrateRoot(container, app)));
        } else {
          const app = tree(appProps, resolve);
          const reactRoot = createRoot(container);
          roots.set(appProps.name, reactRoot);
          if (userJustActed()) {
            // Now, not in a task of its own: the user is watching for this (Sign In, an area switch), and a
            // parcel mounted from its host's commit (the shell's areas) then reaches the screen in the same
            // frame as the host, one style and layout pass for both (Sign In to the home h1).
            flushSync(() => reactRoot.render(app));
          } else {
            // A mount during the page's own load: in slices that yield, so a key or a tap meanwhile is
            // handled at once rather than after the whole first render (the shell page's TBT).
            startTransition(() => reactRoot.render(app));
          }
        }
      }),
    update: (props) =>
      new Promise<void>((resolve) => {
        const appProps = props as Props & AppProps;
        const reactRoot = roots.get(appProps.name);
        if (!reactRoot) return resolve();
        reactRoot.render(tree(appProps, resolve));
      }),
    unmount: async (props) => {
      const { name } = props as AppProps;
      roots.get(name)?.unmount();
      roots.delete(name);
    },
  };
}
