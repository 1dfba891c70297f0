/**
 * The login page's first screen as plain HTML, rendered once at build time (scripts/prerender-login.ts) and
 * sent in every /common/login response, so the page paints its real frame before any script has run
 * (first paint close to a static page's, no layout shift when React takes over).
 *
 * It is the app's own first render: `LoginApp` with dependencies that do nothing, so the markup is what
 * React's first commit produces in the browser (settings still loading: no help links, footer links without
 * addresses). The mount (lifecycles.tsx) hydrates it: the painted form becomes the live one
 * without being replaced, what the user typed meanwhile stays in the field, and React's hydration yields
 * to input instead of rendering the whole form in one task. Hence renderToString, whose markup carries
 * what hydration needs (text separators), rather than renderToStaticMarkup.
 *
 * Build-time only: this module pulls in react-dom/server and is never part of a browser bundle.
 */
import { renderToString } from 'react-dom/server';
import { kitCss } from '@atrium/ui';
import type { BootResult } from './core/login-machine';
import type { LoginDeps } from './deps';
import { LoginApp } from './components/LoginApp';
import loginCss from './components/login.css';

export interface LoginFrame {
  /** The app's markup, without its container. */
  html: string;
  /** The stylesheets that markup needs (the kit's and the login page's), as one text. */
  css: string;
}

/** A promise that never settles: nothing runs during a server render, and nothing may resolve later. */
const never = <T,>(): Promise<T> => new Promise<T>(() => {});

const inertMedia = {
  matches: false,
  addEventListener: () => {},
  removeEventListener: () => {},
};

/** Dependencies for a render that performs no effects: React's server renderer runs no effects anyway. */
function inertDeps(now: Date): LoginDeps {
  return {
    api: {
      loginSettings: never,
      lookup: never,
      login: never,
      externalStart: never,
      externalComplete: never,
      forgotUsername: never,
      forgotPassword: never,
    },
    boot: never<BootResult>,
    prepare: () => {},
    navigate: () => {},
    location: { origin: 'http://localhost', search: '' },
    popup: {
      open: () => null,
      onMessage: () => () => {},
      origin: 'http://localhost',
      setInterval: () => 0,
      clearInterval: () => {},
    },
    carousel: {
      setTimeout: () => 0,
      clearTimeout: () => {},
      matchMedia: () => inertMedia,
      random: () => 0,
    },
    now: () => now,
  };
}

/** `now` sets the footer's year (the build's); the app renders the visitor's own year when it mounts. */
export function renderLoginFrame(now: Date = new Date()): LoginFrame {
  return {
    html: renderToString(<LoginApp deps={inertDeps(now)} />),
    css: `${kitCss}\n${loginCss}`,
  };
}
