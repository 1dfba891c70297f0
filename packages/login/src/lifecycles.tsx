/**
 * The single-spa lifecycles of @atrium/login: wiring only. The root config mounts the app at
 * /common/login with `customProps.boot`, the boot sequence to run after a successful sign-in.
 *
 * Written out rather than taken from single-spa-react: that library (2.7 KB gzip, parcels, legacy render
 * modes, update) was the largest single part of the login module, and the login page's JS budget is tight
 * (issue 8). Same container as single-spa-react's default: `#single-spa-application:<name>` in <body>.
 */
import { Component, startTransition, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { api } from '@atrium/api';
import { LoginRoot } from './components/LoginRoot';
import type { LoginRootProps } from './components/LoginRoot';
import { LoginErrorBoundary } from './components/LoginErrorBoundary';
import { FRAME_STYLE_SELECTOR } from './components/login-styles';

interface AppProps extends LoginRootProps {
  name: string;
}

/** A render error shows the "start over" message instead of unmounting the whole app. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[atrium] login app crashed', error, info.componentStack);
  }
  override render(): ReactNode {
    return this.state.failed ? <LoginErrorBoundary /> : this.props.children;
  }
}

/** Resolves mount() once React has committed the tree (as single-spa-react did), fallback included. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

const roots = new Map<string, Root>();

/** Set by the server on the container when it holds the prerendered first screen (prerender.tsx). */
const PRERENDERED_ATTR = 'data-atrium-prerendered';

/**
 * After the first commit React owns the prerendered markup (hydrated) and the app has adopted the inline
 * stylesheet's text (login-styles.ts): the element can go, and the page's submit guard lets go of the form.
 */
function retirePrerendered(element: HTMLElement): void {
  element.removeAttribute(PRERENDERED_ATTR);
  document.querySelector(FRAME_STYLE_SELECTOR)?.remove();
}

function container(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    document.body.appendChild(element);
  }
  return element;
}

/**
 * A sign-out whose logout call failed (the shell sent the user here anyway) is finished as soon as the
 * login page loads, so the old session ends on the server too, for legacy pages and the request log
 * (issue 19). Not awaited: the page must not wait on a server that may be unreachable.
 */
export async function bootstrap(): Promise<void> {
  void api.finishPendingSignOut();
}

/**
 * On the served page the container holds the prerendered form (prerender.tsx): React hydrates it rather
 * than replacing it (issue 17). Hydration is concurrent, so it runs in slices that let keystrokes through
 * (a keystroke that needs the form live hydrates the rest at once), the field the user is typing into is
 * never swapped, and what they typed is taken over by UsernameStep. Elsewhere (a build without the
 * prerendered form, an in-app navigation) the app renders from scratch.
 */
export function mount(props: AppProps): Promise<void> {
  return new Promise((resolve) => {
    const element = container(props.name);
    const prerendered = element.hasAttribute(PRERENDERED_ATTR);
    const app = (
      <Committed
        onCommit={() => {
          retirePrerendered(element);
          resolve();
        }}
      >
        <Boundary>
          <LoginRoot {...(props.boot ? { boot: props.boot } : {})} />
        </Boundary>
      </Committed>
    );
    // In a transition: at the default priority React 19 hydrates the whole form in one task; as a transition it
    // yields to the browser every few milliseconds. A keystroke meanwhile hydrates at once what it needs.
    if (prerendered) startTransition(() => void roots.set(props.name, hydrateRoot(element, app)));
    else {
      const root = createRoot(element);
      roots.set(props.name, root);
      root.render(app);
    }
  });
}

export async function unmount(props: AppProps): Promise<void> {
  roots.get(props.name)?.unmount();
  roots.delete(props.name);
}
