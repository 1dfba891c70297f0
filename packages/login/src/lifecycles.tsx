/**
 * The single-spa lifecycles of @atrium/login: wiring only. The root config mounts the app at
 * /common/login with `customProps.boot`, the boot sequence to run after a successful sign-in.
 *
 * Written out rather than taken from single-spa-react: that library (2.7 KB gzip, parcels, legacy render
 * modes, update) was the largest single part of the login module, and the login page's JS budget is tight
 * (issue 8). Same container as single-spa-react's default: `#single-spa-application:<name>` in <body>.
 */
import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
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

/** What the user typed into the prerendered screen before the app took over. */
function typedBeforeMount(element: HTMLElement): string | undefined {
  if (!element.hasAttribute(PRERENDERED_ATTR)) return undefined;
  const input = element.querySelector<HTMLInputElement>('input[name="username"]');
  return input && input.value !== '' ? input.value : undefined;
}

/**
 * After the first commit React has replaced the prerendered markup (createRoot clears its container), and
 * the app has adopted the inline stylesheet's text (login-styles.ts): the element can go.
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

export function mount(props: AppProps): Promise<void> {
  return new Promise((resolve) => {
    const element = container(props.name);
    const initialUsername = typedBeforeMount(element);
    const root = createRoot(element);
    roots.set(props.name, root);
    const committed = () => {
      retirePrerendered(element);
      resolve();
    };
    // Synchronously: between reading the prerendered field and React replacing it, no keystroke may land.
    flushSync(() =>
      root.render(
        <Committed onCommit={committed}>
          <Boundary>
            <LoginRoot
              {...(props.boot ? { boot: props.boot } : {})}
              {...(initialUsername !== undefined ? { initialUsername } : {})}
            />
          </Boundary>
        </Committed>,
      ),
    );
  });
}

export async function unmount(props: AppProps): Promise<void> {
  roots.get(props.name)?.unmount();
  roots.delete(props.name);
}
